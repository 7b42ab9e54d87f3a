/** Download names: `glyphcast-<source>-<columns>x<rows>.<SPEC 2.3 extension>`. */
import { FORMAT_INFO, type Format } from '../../engine/index.js';

/** A file-name-safe stem of a source name ("My Photo.PNG" -> "my-photo"). */
export function slug(name: string): string {
  const stem = name.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{1,5}$/i, '');
  return stem
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
}

/**
 * The file name for one exported frame. `json` and `json-compact` share the SPEC extension
 * `json`; the compact one is told apart by `.compact` before it.
 */
export function exportFileName(sourceName: string, format: Format, columns: number, rows: number): string {
  const stem = `glyphcast-${slug(sourceName) || 'frame'}-${columns}x${rows}`;
  return `${stem}${format === 'json-compact' ? '.compact' : ''}.${FORMAT_INFO[format].extension}`;
}

/** The file names of a recorded clip. */
export function clipFileName(sourceName: string, kind: 'jsonl' | 'html' | 'webm'): string {
  return `glyphcast-${slug(sourceName) || 'clip'}-clip.${kind}`;
}
