/** What the stage shows before the first frame, or instead of one that could not be rendered. */
import { html, nothing } from 'lit';
import type { RenderErrorCode } from '../../../engine/index.js';
import { SAMPLES, type Sample } from '../../sources/samples.js';
import type { StudioSource } from '../../sources/source.js';

const MARK = `   .:-=+*#%@@%#*+=-:.
 :+#@@@@@@@@@@@@@@@@#+:
=%@@@#+-:.    .:-+#@@@%=
 :+#@@@@@@@@@@@@@@@@#+:
   .:-=+*#%@@%#*+=-:.`;

export interface EmptyStateOptions {
  /** Why the source's render failed before its first frame. */
  readonly unrendered?: string | null;
  /** Opens a sample (the empty stage offers them, so a first visit has art in one click). */
  readonly open?: (sample: Sample) => void;
  /** The image-address field is offered (the server renders image URLs). */
  readonly urlField?: boolean;
  /** The link carries a look but no picture (a shared link): say that a picture is needed. */
  readonly sharedLook?: boolean;
}

export function emptyState(source: StudioSource | null, options: EmptyStateOptions = {}) {
  const { unrendered = null, open = () => {}, urlField = false, sharedLook = false } = options;
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
    ${
      sharedLook
        ? html`<p class="shared"><strong>This link carries a look, not a picture.</strong> Open a picture or a sample to see it in that look.</p>`
        : nothing
    }
    <strong>Try a sample</strong>
    <div class="samples" role="group" aria-label="Samples">
      ${SAMPLES.map((s) => html`<button class="primary" @click=${() => open(s)}>${s.label}</button>`)}
    </div>
    <strong class="pointer-fine">…or drop an image or a video here</strong>
    <p class="pointer-fine">or paste one (<kbd>Ctrl</kbd>+<kbd>V</kbd>), open a file${urlField ? ', enter an image URL' : ''}, or start the webcam.</p>
    <strong class="pointer-coarse">…or open an image or a video</strong>
    <p class="pointer-coarse">with Open file… above${urlField ? ', enter an image URL' : ''}, or start the webcam.</p>
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
