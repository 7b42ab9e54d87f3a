/**
 * SourceController: the latest choice of source wins, and a source that fails to start leaves
 * the one on screen as it was. The platform is faked at its edges (the image decode, the
 * camera's getUserMedia, the video elements), each answering when the test says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RgbaImage } from '../../engine/image.js';
import { SourceController } from '../../studio/controllers/source-controller.js';
import { decodeImageBlob } from '../../studio/sources/decode-image.js';
import { failureMessage } from '../../studio/sources/remote-render.js';
import type { StudioSource } from '../../studio/sources/source.js';

vi.mock('../../studio/sources/decode-image.js', () => ({ decodeImageBlob: vi.fn() }));

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A video element as the controller uses it: what it plays, and whether it plays. */
class FakeVideo {
  src = '';
  srcObject: unknown = null;
  loop = false;
  muted = false;
  paused = true;
  /** The picture's size once playing (a file of sound only has none). */
  videoWidth = 320;
  videoHeight = 240;
  /** How play() answers (a probe's can be held back). */
  playResult: Promise<void> = Promise.resolve();
  play(): Promise<void> {
    this.paused = false;
    return this.playResult;
  }
  pause(): void {
    this.paused = true;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  load(): void {}
}

/** A camera stream of one track, which records whether it was stopped. */
function fakeStream(deviceId: string) {
  const events = new EventTarget();
  const track = {
    stopped: false,
    stop: () => (track.stopped = true),
    getSettings: () => ({ deviceId }),
    addEventListener: events.addEventListener.bind(events),
    /** The camera went away (unplugged, taken by another app): the browser ends the track. */
    end: () => {
      track.stopped = true;
      events.dispatchEvent(new Event('ended'));
    },
  };
  return { track, getTracks: () => [track], getVideoTracks: () => [track] };
}

const image = (): RgbaImage => ({ width: 1, height: 1, data: new Uint8Array(4) });
const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });
const webm = (name: string) => new File([new Uint8Array(8)], name, { type: 'video/webm' });

describe('SourceController', () => {
  let element: FakeVideo;
  /** The probes' play() answers, in the order the probes were made. */
  let probes: Deferred<void>[];
  /** The probe elements, in the same order. */
  let probeElements: FakeVideo[];
  /** The camera requests, in order. */
  let cameraAsks: Deferred<ReturnType<typeof fakeStream>>[];
  let shown: (StudioSource | null)[];
  let notices: string[];
  let decodes: Map<string, Deferred<RgbaImage>>;
  let controller: SourceController;

  beforeEach(() => {
    element = new FakeVideo();
    probes = [];
    probeElements = [];
    cameraAsks = [];
    shown = [];
    notices = [];
    decodes = new Map();
    vi.mocked(decodeImageBlob).mockImplementation((blob) => {
      const d = deferred<RgbaImage>();
      decodes.set((blob as File).name, d);
      return d.promise;
    });
    vi.stubGlobal('document', {
      createElement: () => {
        const probe = new FakeVideo();
        const answer = deferred<void>();
        probes.push(answer);
        probeElements.push(probe);
        probe.playResult = answer.promise;
        return probe;
      },
    });
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: () => {
          const d = deferred<ReturnType<typeof fakeStream>>();
          cameraAsks.push(d);
          return d.promise;
        },
        enumerateDevices: async () => [{ kind: 'videoinput', deviceId: 'cam1', label: 'Fake camera' }],
      },
    });
    const host = { addController: () => {}, removeController: () => {}, requestUpdate: () => {} };
    controller = new SourceController(host as never, () => element as unknown as HTMLVideoElement, {
      onSource: (source) => shown.push(source),
      onError: (text) => notices.push(text),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Shows an image (decoded at once) and forgets the record of it. */
  async function showImage(name: string) {
    const opening = controller.openFiles([png(name)]);
    decodes.get(name)?.resolve(image());
    await opening;
    shown = [];
  }

  /** Plays a video file (its probe plays at once) and forgets the record of it. */
  async function playVideo(name: string) {
    const opening = controller.openFiles([webm(name)]);
    await settle();
    probes.at(-1)?.resolve();
    await opening;
    shown = [];
  }

  /** Starts the camera (granted at once) and forgets the record of it. */
  async function startCamera() {
    const stream = fakeStream('cam1');
    const starting = controller.startCamera('');
    await vi.waitFor(() => expect(cameraAsks).toHaveLength(1));
    cameraAsks[0].resolve(stream);
    await starting;
    cameraAsks = [];
    shown = [];
    return stream;
  }

  describe('the latest choice wins', () => {
    it('an image that finishes decoding after a later choice is dropped', async () => {
      const big = controller.openFiles([png('big.png')]);
      const small = controller.openFiles([png('small.png')]);
      decodes.get('small.png')?.resolve(image());
      await small;
      decodes.get('big.png')?.resolve(image());
      await big;
      expect(shown.map((s) => s?.name)).toEqual(['small.png']);
      expect(controller.source?.name).toBe('small.png');
      expect(notices).toEqual([]);
    });

    it('a start that a later choice overtook fails without a notice', async () => {
      const big = controller.openFiles([png('big.png')]);
      const small = controller.openFiles([png('small.png')]);
      decodes.get('small.png')?.resolve(image());
      decodes.get('big.png')?.reject(new Error('the image is too large'));
      await Promise.all([big, small]);
      expect(shown.map((s) => s?.name)).toEqual(['small.png']);
      expect(notices).toEqual([]);
    });

    it('an image URL and Stop overtake an image still decoding', async () => {
      const first = controller.openFiles([png('a.png')]);
      controller.openUrl('https://example.com/b.png');
      decodes.get('a.png')?.resolve(image());
      await first;
      expect(shown.map((s) => s?.kind)).toEqual(['url']);

      const second = controller.openFiles([png('c.png')]);
      controller.stop();
      decodes.get('c.png')?.resolve(image());
      await second;
      expect(shown.map((s) => s?.kind ?? null)).toEqual(['url', null]);
    });

    it('a camera granted after a later choice is stopped, never shown', async () => {
      const stream = fakeStream('cam1');
      const camera = controller.startCamera('');
      await vi.waitFor(() => expect(cameraAsks).toHaveLength(1));
      await showImage('later.png');
      cameraAsks[0].resolve(stream);
      await camera;
      expect(shown).toEqual([]);
      expect(controller.source?.name).toBe('later.png');
      expect(stream.track.stopped).toBe(true);
      expect(element.srcObject).toBeNull();
    });

    it('a video whose probe plays after a later choice is dropped', async () => {
      const video = controller.openFiles([webm('clip.webm')]);
      await settle();
      await showImage('later.png');
      probes[0].resolve();
      await video;
      expect(shown).toEqual([]);
      expect(controller.source?.name).toBe('later.png');
      expect(element.src).toBe('');
    });
  });

  describe('a source that fails to start leaves the one on screen', () => {
    it('a refused camera: the playing video stays, only a notice says why', async () => {
      await playVideo('clip.webm');
      const src = element.src;
      const camera = controller.startCamera('');
      await vi.waitFor(() => expect(cameraAsks).toHaveLength(1));
      cameraAsks[0].reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
      await camera;
      expect(shown).toEqual([]);
      expect(controller.source?.name).toBe('clip.webm');
      expect(element).toMatchObject({ src, paused: false });
      expect(notices).toEqual([expect.stringMatching(/^Camera access is blocked/)]);
    });

    it('a video the browser cannot play: the image stays, only a notice says why', async () => {
      await showImage('still.png');
      const video = controller.openFiles([new File([new Uint8Array(8)], 'old.avi', { type: 'video/x-msvideo' })]);
      await settle();
      probes[0].reject(
        Object.assign(new Error('The element has no supported sources.'), { name: 'NotSupportedError' }),
      );
      await video;
      expect(shown).toEqual([]);
      expect(controller.source?.name).toBe('still.png');
      expect(element.src).toBe('');
      expect(notices).toEqual([
        'old.avi: this browser cannot decode its format. WebM and MP4 work; convert the video to one of them.',
      ]);
    });

    it('a file without a type is a video by its first bytes (an AVI here), an image otherwise', async () => {
      await showImage('still.png');
      const aviHead = new TextEncoder().encode('RIFF\0\0\0\0AVI LIST');
      const video = controller.openFiles([new File([aviHead], 'clip', { type: '' })]);
      await settle();
      expect(probes).toHaveLength(1);
      probes[0].reject(
        Object.assign(new Error('The element has no supported sources.'), { name: 'NotSupportedError' }),
      );
      await video;
      expect(notices).toEqual([expect.stringMatching(/^clip: this browser cannot decode its format/)]);
      // no type and no video container: decoded as an image
      const still = controller.openFiles([new File([new Uint8Array(16)], 'photo', { type: '' })]);
      await settle();
      expect(probes).toHaveLength(1);
      decodes.get('photo')?.resolve(image());
      await still;
      expect(controller.source?.name).toBe('photo');
    });

    it('a video file of sound only (no video track): the video playing stays, only a notice says why', async () => {
      await playVideo('clip.webm');
      const src = element.src;
      const audio = controller.openFiles([webm('song.webm')]);
      await settle();
      Object.assign(probeElements.at(-1) as FakeVideo, { videoWidth: 0, videoHeight: 0 });
      probes.at(-1)?.resolve();
      await audio;
      expect(shown).toEqual([]);
      expect(controller.source?.name).toBe('clip.webm');
      expect(element).toMatchObject({ src, paused: false });
      expect(notices).toEqual(['song.webm: it has no video track, only sound: there is no picture to render.']);
    });

    it('a camera keeps running until the video replacing it plays, and is stopped then', async () => {
      const stream = await startCamera();
      expect(element.srcObject).toBe(stream);
      const video = controller.openFiles([webm('clip.webm')]);
      await settle();
      expect(stream.track.stopped).toBe(false);
      expect(element.srcObject).toBe(stream);
      probes[0].resolve();
      await video;
      expect(shown.map((s) => s?.name)).toEqual(['clip.webm']);
      expect(stream.track.stopped).toBe(true);
      expect(element.srcObject).toBeNull();
      expect(element.src).toMatch(/^blob:/);
    });

    it('a camera that ends by itself (unplugged) stops being the source, and a notice says why', async () => {
      const stream = await startCamera();
      stream.track.end();
      expect(shown).toEqual([null]);
      expect(controller.source).toBeNull();
      expect(element.srcObject).toBeNull();
      expect(notices).toEqual([expect.stringMatching(/^Fake camera stopped sending pictures: it was unplugged/)]);
    });

    it('a camera stopped by the studio says nothing when its track ends', async () => {
      const stream = await startCamera();
      await playVideo('clip.webm');
      stream.track.end();
      expect(controller.source?.name).toBe('clip.webm');
      expect(notices).toEqual([]);
    });

    it('switching cameras stops the first once the second is granted', async () => {
      const first = await startCamera();
      const second = fakeStream('cam2');
      const switching = controller.startCamera('cam2');
      await vi.waitFor(() => expect(cameraAsks).toHaveLength(1));
      expect(first.track.stopped).toBe(false);
      cameraAsks[0].resolve(second);
      await switching;
      expect(first.track.stopped).toBe(true);
      expect(second.track.stopped).toBe(false);
      expect(element.srcObject).toBe(second);
      expect(shown.map((s) => s?.kind)).toEqual(['camera']);
    });
  });
});

describe('an image address the server could not render', () => {
  const url = 'https://upload.example/photo.png';
  it('says why in one plain sentence, the host named once', () => {
    const failed = {
      code: 'url_fetch_failed',
      message: 'could not fetch the image from upload.example: no host of that name was found (enotfound)',
    };
    expect(failureMessage(url, 502, failed)).toBe(
      'the server could not fetch the image from upload.example: no host of that name was found (enotfound)',
    );
    expect(
      failureMessage(url, 504, {
        code: 'url_timeout',
        message: 'the image host upload.example did not answer in time',
      }),
    ).toBe(
      'upload.example did not answer the server in time: try again, or save the image and open it as a file instead',
    );
    const port = { code: 'url_refused', message: 'x', details: { reason: 'port_not_allowed' } };
    expect(failureMessage('https://upload.example:8443/a.png', 400, port)).toBe(
      'this server fetches images from upload.example only at its usual https port: save the image and open it as a file instead',
    );
  });
});
