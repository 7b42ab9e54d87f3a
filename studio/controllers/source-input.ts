/** What the render pipeline takes from a source: the renderer's input, and what says its frames jumped. */
import type { FrameInput } from '../render/frame-renderer.js';
import type { StudioSource } from '../sources/source.js';

/** The renderer's input for a source (URLs are rendered by the server instead). */
export function inputOf(source: StudioSource | null): FrameInput | null {
  switch (source?.kind) {
    case 'image':
      return { kind: 'still', key: source.key, image: source.image };
    case 'video':
    case 'camera':
      return { kind: 'video', element: source.element };
    default:
      return null;
  }
}

/**
 * What says a stream's next frame does not follow the last (`seeking`): its video element, and
 * an animated image's own transport (the element plays its canvas stream on, never seeking).
 */
export function seekEvents(source: StudioSource | null): EventTarget[] {
  if (!source || !('element' in source)) return [];
  return source.kind === 'video' && source.frames ? [source.element, source.frames] : [source.element];
}
