/** The download buttons of the export panel: a short name and the extension on each. */
import { FORMAT_INFO, type Format } from '../../engine/index.js';

/** What a download button shows, above its extension (FORMAT_INFO's label is its tooltip). */
export const FORMAT_BUTTON_TEXT: Readonly<Record<Format, string>> = {
  text: 'Text',
  ansi: 'ANSI',
  html: 'HTML',
  json: 'JSON',
  'json-compact': 'JSON compact',
  svg: 'SVG',
};

/**
 * A download button's accessible name: its visible text after a hidden "Download", so a
 * voice-control user can say what is shown (WCAG 2.5.3, label in name).
 */
export function downloadButtonName(format: Format): string {
  return `Download ${FORMAT_BUTTON_TEXT[format]} .${FORMAT_INFO[format].extension}`;
}
