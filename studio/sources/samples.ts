/**
 * The samples the empty stage offers (studio/samples/, provenance in its README): a first visit
 * renders art in one click, without a file of one's own.
 */

export interface Sample {
  /** What the button says. */
  readonly label: string;
  /** The file name the source takes (its name in exports). */
  readonly name: string;
  readonly url: string;
  readonly type: string;
}

// Each address is written out: Vite copies an asset only for a literal `new URL('...', import.meta.url)`.
export const SAMPLES: readonly Sample[] = [
  {
    label: 'Astronaut',
    name: 'astronaut.jpg',
    url: new URL('../samples/astronaut.jpg', import.meta.url).href,
    type: 'image/jpeg',
  },
  {
    label: 'Rocket',
    name: 'rocket.jpg',
    url: new URL('../samples/rocket.jpg', import.meta.url).href,
    type: 'image/jpeg',
  },
  {
    label: 'Street',
    name: 'street.jpg',
    url: new URL('../samples/street.jpg', import.meta.url).href,
    type: 'image/jpeg',
  },
  {
    label: 'Walkers (video)',
    name: 'walkers.webm',
    url: new URL('../samples/walkers.webm', import.meta.url).href,
    type: 'video/webm',
  },
];

/** A sample as the File a drop or the file picker would give. */
export async function sampleFile(sample: Sample, signal?: AbortSignal): Promise<File> {
  const res = await fetch(sample.url, { signal });
  if (!res.ok) throw new Error(`the sample could not be loaded (HTTP ${res.status})`);
  return new File([await res.blob()], sample.name, { type: sample.type });
}

/** A sample's name in links (`sample=astronaut`): its file's stem. */
export const sampleKey = (sample: Sample): string => sample.name.replace(/\.[^.]+$/, '');
