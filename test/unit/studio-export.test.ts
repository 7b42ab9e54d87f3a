import { describe, expect, it } from 'vitest';
import { encodeJsonCompact } from '../../engine/encode/json.js';
import { defaultParams, resolveParams } from '../../engine/index.js';
import { renderImage } from '../../engine/render.js';
import { CLIP_MAX_FRAMES, ClipRecorder, clipToHtmlFlipbook, clipToJsonLines } from '../../studio/export/clip.js';
import { clipFileName, exportFileName, slug } from '../../studio/export/file-names.js';
import { gridFromCompact, gridFromLines } from '../../studio/render/compact-grid.js';

/** A 4 x 2 gradient image. */
const image = { width: 4, height: 2, data: Uint8Array.from({ length: 32 }, (_, i) => (i % 4 === 3 ? 255 : i * 8)) };

describe('export file names', () => {
  it('carry the source, the grid size and the SPEC extension; compact JSON is told apart', () => {
    expect(slug('My Photo (1).PNG')).toBe('my-photo-1');
    expect(exportFileName('My Photo.png', 'text', 120, 45)).toBe('glyphcast-my-photo-120x45.txt');
    expect(exportFileName('a.png', 'ansi', 8, 2)).toBe('glyphcast-a-8x2.ans');
    expect(exportFileName('a.png', 'json', 8, 2)).toBe('glyphcast-a-8x2.json');
    expect(exportFileName('a.png', 'json-compact', 8, 2)).toBe('glyphcast-a-8x2.compact.json');
    expect(exportFileName('', 'svg', 8, 2)).toBe('glyphcast-frame-8x2.svg');
    expect(clipFileName('/dev/video0', 'jsonl')).toBe('glyphcast-video0-clip.jsonl');
    expect(clipFileName('street.webm', 'webm')).toBe('glyphcast-street-clip.webm');
  });
});

describe('gridFromLines (a clip frame made a grid to paint, for the clip video)', () => {
  it('indexes the glyphs the lines hold, a space first, and decodes the chroma', () => {
    const grid = gridFromLines(3, 2, ['a█a', ' b█'], { encoding: 'rgb24-b64-v1', data: btoa('\x01'.repeat(18)) });
    expect(grid.table).toEqual([' ', 'a', '█', 'b']);
    expect([...grid.glyphs]).toEqual([1, 2, 1, 0, 3, 2]);
    expect([...grid.colors]).toEqual(new Array(18).fill(1));
    expect([...gridFromLines(1, 1, ['x'], null).colors]).toEqual([0, 0, 0]);
  });

  it('refuses a frame of more glyphs than a grid can index, and a chroma it does not know', () => {
    const many = Array.from({ length: 300 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(() => gridFromLines(300, 1, [many], null)).toThrow('more than 256 different glyphs');
    expect(() => gridFromLines(1, 1, ['x'], { encoding: 'rgb565', data: '' })).toThrow('unknown chroma encoding');
  });
});

describe('gridFromCompact', () => {
  it('rebuilds the grid a json-compact body was encoded from', () => {
    for (const charset of ['standard', 'dots', 'blocks'] as const) {
      const params = resolveParams({ columns: 8, color: true, charset }, 'json');
      const grid = renderImage(image, params);
      const back = gridFromCompact(JSON.parse(encodeJsonCompact(grid, params)));
      expect(back.glyphs).toEqual(grid.glyphs);
      expect(back.colors).toEqual(grid.colors);
      expect(back.table).toEqual(grid.table);
    }
  });

  it('rebuilds two-colour cells: the backgrounds from backgroundChroma', () => {
    const params = resolveParams({ columns: 8, color: true, background: true }, 'json');
    const grid = renderImage(image, params);
    const back = gridFromCompact(JSON.parse(encodeJsonCompact(grid, params)));
    expect(back.backgrounds).toEqual(grid.backgrounds);
  });
});

describe('clips', () => {
  const params = resolveParams({ columns: 8, color: true }, 'json');
  const grid = renderImage(image, params);

  it('record frames with their time from the first, and stop when full', () => {
    const rec = new ClipRecorder('cam', params);
    expect(rec.add(grid, params, 5000, null)).toBe(true);
    expect(rec.add(grid, params, 5040, null)).toBe(true);
    expect(rec.durationMs).toBe(40);
    expect(rec.add(grid, params, 16_000, null)).toBe(false);
    const full = new ClipRecorder('cam', params);
    for (let i = 0; i < CLIP_MAX_FRAMES; i++) full.add(grid, params, i, null);
    expect(full.add(grid, params, CLIP_MAX_FRAMES, null)).toBe(false);
    expect(full.count).toBe(CLIP_MAX_FRAMES);
  });

  it("time frames by the source's play: a pause adds nothing, and does not count towards the limit", () => {
    // a video at 25 fps: 1.00 s, 1.04 s, paused for 12 s (a settings change renders the paused
    // frame again meanwhile), then 1.08 s
    const rec = new ClipRecorder('clip.webm', params);
    rec.add(grid, params, 5000, 1.0);
    rec.add(grid, params, 5040, 1.04);
    expect(rec.durationMs).toBe(40);
    rec.add(grid, params, 11_000, 1.04);
    expect(rec.durationMs).toBe(40);
    expect(rec.add(grid, params, 17_080, 1.08)).toBe(true);
    expect(rec.finish().frames.map((f) => f.t)).toEqual([0, 40, 40, 80]);
  });

  it('count a loop or a seek as one step of play, and a live camera by its media time', () => {
    const rec = new ClipRecorder('clip.webm', params);
    rec.add(grid, params, 0, 9.92);
    rec.add(grid, params, 40, 9.96);
    rec.add(grid, params, 80, 0); // looped
    rec.add(grid, params, 120, 0.04);
    rec.add(grid, params, 160, 5.0); // seeked ahead while playing
    rec.add(grid, params, 200, 5.04);
    expect(rec.finish().frames.map((f) => f.t)).toEqual([0, 40, 80, 120, 160, 200]);

    // a camera is never paused: its frames' t follow its media time, late renders or not
    const cam = new ClipRecorder('cam', params);
    cam.add(grid, params, 1000, 12.5);
    cam.add(grid, params, 1100, 12.6);
    cam.add(grid, params, 1150, 12.7);
    expect(cam.finish().frames.map((f) => f.t)).toEqual([0, 100, 200]);
  });

  it('write JSON lines: a header, then one frame per line', () => {
    const rec = new ClipRecorder('cam', params);
    rec.add(grid, params, 0, null);
    rec.add(grid, params, 100, null);
    const lines = clipToJsonLines(rec.finish())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'clip', format: 'glyphcast-clip', version: 1, frames: 2, durationMs: 100 });
    expect(lines[1]).toMatchObject({
      type: 'frame',
      seq: 0,
      t: 0,
      columns: 8,
      rows: grid.rows,
      chroma: { encoding: 'rgb24-b64-v1' },
    });
    expect(lines[2]).toMatchObject({ type: 'frame', seq: 1, t: 100 });
  });

  it("mark the Auto Director's rendered values on the first frame and wherever they change", () => {
    const withChanges = (changes: { param: string; from: number; to: number }[]) => ({
      ...grid,
      evidence: {
        ...grid.evidence,
        director: grid.evidence.director && { ...grid.evidence.director, changes },
      },
    });
    const rec = new ClipRecorder('cam', params);
    rec.add(withChanges([{ param: 'contrast', from: 3.5, to: 1.25 }]), params, 0, null);
    rec.add(withChanges([{ param: 'contrast', from: 3.5, to: 1.25 }]), params, 40, null);
    rec.add(withChanges([{ param: 'contrast', from: 3.5, to: 1.3 }]), params, 80, null);
    rec.add(withChanges([]), params, 120, null);
    expect(rec.finish().frames.map((f) => f.tuned)).toEqual([{ contrast: 1.25 }, undefined, { contrast: 1.3 }, {}]);
  });

  it("record the controls wherever they change mid-clip, and each frame's chroma by its own color", () => {
    const mono = resolveParams({ columns: 8, color: false }, 'json');
    const rec = new ClipRecorder('cam', mono);
    rec.add(grid, mono, 0, null);
    rec.add(grid, params, 40, null);
    rec.add(grid, params, 80, null);
    const frames = rec.finish().frames;
    expect(frames.map((f) => f.params)).toEqual([undefined, params, undefined]);
    expect(frames.map((f) => f.chroma?.encoding ?? null)).toEqual([null, 'rgb24-b64-v1', 'rgb24-b64-v1']);
  });

  it('record two-colour frames with their backgrounds, painted and played back as such', () => {
    const two = resolveParams({ columns: 8, color: true, background: true }, 'json');
    const twoGrid = renderImage(image, two);
    const rec = new ClipRecorder('cam', two);
    rec.add(twoGrid, two, 0, null);
    rec.add(grid, params, 40, null);
    const clip = rec.finish();
    const [first, second] = clip.frames;
    expect(first.backgroundChroma?.encoding).toBe('rgb24-b64-v1');
    expect(second.backgroundChroma).toBeUndefined();
    const painted = gridFromLines(first.columns, first.rows, first.lines, first.chroma, first.backgroundChroma);
    expect(painted.backgrounds).toEqual(twoGrid.backgrounds);
    expect(clipToHtmlFlipbook(clip)).toContain('backgroundChroma');
  });

  it('write the controls again only where their values changed, not where the same values came anew', () => {
    const rec = new ClipRecorder('cam', params);
    const wider = { ...params, columns: params.columns + 2 };
    rec.add(grid, { ...params }, 0, null);
    rec.add(grid, wider, 40, null);
    // the same value said again (typed, then Enter): a new object, no change
    rec.add(grid, { ...wider }, 80, null);
    rec.add(grid, { ...params }, 120, null);
    expect(rec.finish().frames.map((f) => f.params?.columns)).toEqual([
      undefined,
      wider.columns,
      undefined,
      params.columns,
    ]);
  });

  it('write an HTML flipbook whose page follows the ink: white under dark mono ink, black otherwise', () => {
    const pageOf = (params: ReturnType<typeof defaultParams>) => {
      const rec = new ClipRecorder('cam', params);
      rec.add(grid, params, 0, null);
      return clipToHtmlFlipbook(rec.finish()).match(/html, body \{[^}]*background: (#[0-9a-f]+)/)?.[1];
    };
    expect(pageOf(resolveParams({ monoColor: '#202020' }, 'json'))).toBe('#fff');
    expect(pageOf(defaultParams())).toBe('#000');
    expect(pageOf(resolveParams({ monoColor: '#202020', color: true }, 'json'))).toBe('#000');
  });

  it('write an HTML flipbook that shows each frame in its own look: a mono color changed mid-clip changes ink and page', () => {
    const light = resolveParams({ color: false }, 'json');
    const dark = resolveParams({ color: false, monoColor: '#202020' }, 'json');
    const rec = new ClipRecorder('cam', light);
    rec.add(grid, light, 0, null);
    rec.add(grid, dark, 40, null);
    rec.add(grid, dark, 80, null);
    const html = clipToHtmlFlipbook(rec.finish());
    const data = JSON.parse(
      (/<script type="application\/json" id="clip">(.*?)<\/script>/s.exec(html)?.[1] ?? '').replace(/\\u003c/g, '<'),
    );
    type Look = { ink: string; page: string };
    const shown = data.frames.map((f: { look: number }) => {
      const { ink, page } = data.looks[f.look] as Look;
      return [ink, page];
    });
    expect(shown).toEqual([
      ['#e5e5e5', '#000'],
      ['#202020', '#fff'],
      ['#202020', '#fff'],
    ]);
  });

  it('write an HTML flipbook whose embedded frames cannot close the script element', () => {
    const table = [' ', '<', '/'];
    const evil = { ...grid, table, columns: 4, rows: 1, glyphs: Uint8Array.of(1, 2, 1, 2) };
    const rec = new ClipRecorder('cam', defaultParams());
    rec.add(evil, defaultParams(), 0, null);
    const html = clipToHtmlFlipbook(rec.finish());
    expect(html).toContain('role="img" aria-label="ASCII clip, 1 frames"');
    expect(html).not.toContain('</</');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('\\u003c/\\u003c/');
  });
});
