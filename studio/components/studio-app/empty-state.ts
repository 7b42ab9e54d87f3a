/** What the stage shows before the first frame, or instead of one that could not be rendered. */
import { html } from 'lit';
import type { RenderErrorCode } from '../../../engine/index.js';
import type { StudioSource } from '../../sources/source.js';

const MARK = `   .:-=+*#%@@%#*+=-:.
 :+#@@@@@@@@@@@@@@@@#+:
=%@@@#+-:.    .:-+#@@@%=
 :+#@@@@@@@@@@@@@@@@#+:
   .:-=+*#%@@%#*+=-:.`;

/** `unrendered`: why the source's render failed before its first frame. */
export function emptyState(source: StudioSource | null, unrendered: string | null = null) {
  if (source && unrendered !== null) {
    return html`
      <strong>${source.name} could not be rendered</strong>
      <p>${unrendered}</p>
      <p>Change the settings, or open another picture.</p>
    `;
  }
  if (source) return html`<p role="status">Rendering ${source.name}…</p>`;
  return html`
    <pre aria-hidden="true">${MARK}</pre>
    <strong class="pointer-fine">Drop an image or a video here</strong>
    <p class="pointer-fine">or paste one (<kbd>Ctrl</kbd>+<kbd>V</kbd>), open a file, enter an image URL, or start the webcam.</p>
    <strong class="pointer-coarse">Open an image or a video</strong>
    <p class="pointer-coarse">with Open file… above, enter an image URL, or start the webcam.</p>
    <p>Every control is live; the link in the address bar keeps the whole look.</p>
  `;
}

/**
 * Render refusals that are about the image or the settings (the engine's, from either executor,
 * or the server's for an image URL): no picture can stand for them. Any other failure (a worker
 * or the GPU failing) leaves the picture on screen and says so in a notice.
 */
const UNRENDERABLE: ReadonlySet<RenderErrorCode> = new Set(['grid_too_large', 'empty_image', 'invalid_rows']);

/** Whether `err` is a refusal no earlier picture may stand for (the stage then says why instead). */
export const unrenderable = (err: Error) => UNRENDERABLE.has((err as { code?: unknown }).code as RenderErrorCode);
