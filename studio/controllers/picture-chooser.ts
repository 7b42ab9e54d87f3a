/**
 * The pictures the studio opens by itself: the sample a click (or a link's `sample=`) asks for,
 * and on a visit without a picture in its link, the last one kept in this browser
 * (state/kept-picture.ts); Close takes the picture away and forgets it.
 */
import { type Sample, sampleFile, sampleKey } from '../sources/samples.js';
import type { StudioSource } from '../sources/source.js';
import { forgetPicture, keepPicture, keptPicture } from '../state/kept-picture.js';
import type { SourceController } from './source-controller.js';

export class PictureChooser {
  /** The sample opened last: the link names it while it is the source. */
  #sample: Sample | null = null;
  /** The file restore() opened: already kept, so showing it writes nothing again. */
  #restored: File | null = null;

  constructor(
    private readonly sources: SourceController,
    /** Says what went wrong to the user. */
    private readonly fail: (text: string) => void,
  ) {}

  /** Opens a sample as its file would be opened. */
  openSample(sample: Sample): void {
    this.#sample = sample;
    sampleFile(sample).then(
      (file) => this.sources.openFiles([file]),
      (err: Error) => this.fail(`${sample.label}: ${err.message}`),
    );
  }

  /** The picture of the last visit, if one was kept and nothing is on show by then. */
  restore(): void {
    void keptPicture().then((file) => {
      if (!file || this.sources.source !== null) return;
      this.#restored = file;
      void this.sources.openFiles([file]);
    });
  }

  /** A file became the source: it is kept for the next visit (unless it is the one just restored). */
  shown(file: File): void {
    if (file !== this.#restored) void keepPicture(file);
  }

  /** Close: the picture goes, and is no longer kept for the next visit. */
  close(): void {
    this.sources.stop();
    void forgetPicture();
  }

  /** The link's `sample=` for `source`: the sample's name while the sample is the source, else null. */
  linkName(source: StudioSource | null): string | null {
    return this.#sample && source?.name === this.#sample.name ? sampleKey(this.#sample) : null;
  }
}
