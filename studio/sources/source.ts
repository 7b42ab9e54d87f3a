/** What the studio renders from: one source at a time. */
import type { RgbaImage } from '../../engine/index.js';
import type { FramePlayer } from './animated-image.js';

export type StudioSource =
  /** A decoded still image (file, drop, paste); `key` is unique per image. */
  | { readonly kind: 'image'; readonly name: string; readonly key: number; readonly image: RgbaImage }
  /** An image URL, fetched and rendered by the server (which enforces its allowlist). */
  | { readonly kind: 'url'; readonly name: string; readonly url: string }
  /**
   * A video file playing in a video element; or an animated image, played there as a stream
   * (`frames`: its transport, by frame, which the element cannot be).
   */
  | {
      readonly kind: 'video';
      readonly name: string;
      readonly element: HTMLVideoElement;
      readonly frames?: FramePlayer;
    }
  /** A camera stream playing in a video element. */
  | { readonly kind: 'camera'; readonly name: string; readonly element: HTMLVideoElement };

export type SourceKind = StudioSource['kind'];

/** Whether frames keep coming (the temporal filter applies and the handoff can stream). */
export function isStream(source: StudioSource | null): boolean {
  return source?.kind === 'video' || source?.kind === 'camera';
}
