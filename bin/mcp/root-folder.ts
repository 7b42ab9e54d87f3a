/**
 * `imagePath` for the stdio server: files are read only inside the root folder the user named
 * with `--root`, and only regular files up to MAX_IMAGE_BYTES. The path is resolved against
 * the root and through its symbolic links before the check, so neither `..` nor a link can
 * lead outside. Every refusal is an ApiError the tool answers as an isError result.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError, imageTooLarge } from '../../service/errors.js';

const refused = (message: string) => new ApiError('invalid_image_source', message, { field: 'imagePath' });

/** The root folder, resolved; throws a one-line Error when it is not a readable folder. */
export async function resolveRoot(folder: string): Promise<string> {
  const real = await fs.realpath(folder).catch(() => null);
  if (!real || !(await fs.stat(real)).isDirectory()) throw new Error(`--root: ${folder} is not a folder`);
  return real;
}

export function rootReader(root: string, maxBytes: number): (imagePath: string) => Promise<Uint8Array> {
  const outside = (file: string) => {
    const inside = path.relative(root, file);
    return inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside);
  };
  const outsideRefusal = (imagePath: string) =>
    refused(`imagePath ${JSON.stringify(imagePath)} is outside the root folder`);
  return async (imagePath) => {
    // the path as written is judged before the file system is asked, so that a path outside is
    // refused alike whether or not it exists (no probing of the disk beyond the root)
    const named = path.resolve(root, imagePath);
    if (outside(named)) throw outsideRefusal(imagePath);
    const real = await fs.realpath(named).catch(() => null);
    if (real === null) throw refused(`imagePath ${JSON.stringify(imagePath)} does not exist in the root folder`);
    if (outside(real)) throw outsideRefusal(imagePath);
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw refused(`imagePath ${JSON.stringify(imagePath)} is not a file`);
    if (stat.size > maxBytes) throw imageTooLarge(maxBytes);
    return new Uint8Array(await fs.readFile(real));
  };
}
