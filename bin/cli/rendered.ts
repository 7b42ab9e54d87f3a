/**
 * Whether this thread has rendered an image (cli/convert.ts notes each). The CLI's entry writes
 * its code cache only after such a run, so that the cache holds the renderer's code and not only
 * what a run of `--help` compiled. A module of its own: main.ts reads it without loading the
 * renderer, which it imports only when there is something to render.
 */
let rendered = false;

export function noteRendered(): void {
  rendered = true;
}

export function renderedHere(): boolean {
  return rendered;
}
