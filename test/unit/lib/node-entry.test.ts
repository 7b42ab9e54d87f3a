/**
 * The package's Node entry (lib/node.ts): render() from a path, bytes or pixels, as the service
 * renders; failures as RenderErrors with the API's codes; renderFrames() over an animation.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gridLines } from '../../../engine/index.js';
import { RenderError, render, renderFrames } from '../../../lib/node.js';
import renderTask from '../../../service/render-worker.js';
import { FIXTURE_PNG } from '../../support/studio.js';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'rendered',
    (e: unknown) => (e instanceof RenderError ? e.code : `not a RenderError: ${e}`),
  );

describe('glyphcast (the Node entry)', () => {
  it('renders a path and its bytes alike, as the service does', async () => {
    const params = { columns: 60, format: 'ansi', color: true };
    const fromPath = await render(FIXTURE_PNG, params);
    const bytes = fs.readFileSync(FIXTURE_PNG);
    expect((await render(bytes, params)).output).toBe(fromPath.output);
    const service = await renderTask({
      bytes,
      params: fromPath.params,
      maxPixels: 40_000_000,
    } as Parameters<typeof renderTask>[0]);
    expect(service.ok && service.body).toBe(fromPath.output);
    expect(fromPath.contentType).toBe('text/plain; charset=utf-8');
    expect(fromPath.grid.columns).toBe(60);
    expect(fromPath.evidence.director).not.toBeNull();
  });

  it('renders RGBA pixels', async () => {
    const { data, info } = await sharp(FIXTURE_PNG).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const art = await render({ width: info.width, height: info.height, data }, { columns: 40 });
    expect(art.output.split('\n')[0]).toHaveLength(40);
  });

  it("fails with the API's codes", async () => {
    expect(await codeOf(render(FIXTURE_PNG, { columns: 5 }))).toBe('invalid_params');
    expect(await codeOf(render(FIXTURE_PNG, { colums: 80 }))).toBe('invalid_params');
    expect(await codeOf(render(Buffer.from('not an image')))).toBe('not_an_image');
    expect(await codeOf(render(path.join(FIXTURE_PNG, 'missing.png')))).toBe('no_image');
    const bad = await render(FIXTURE_PNG, { columns: 5 }).catch((e: RenderError) => e);
    expect((bad as RenderError).details).toMatchObject({ issues: [{ param: 'columns' }] });
  });

  it('renders each frame of an animation as a stream, and a still as one frame', async () => {
    const w = 64;
    const h = 32;
    const frames = Array.from({ length: 3 }, (_, i) => {
      const px = Buffer.alloc(w * h * 4);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++)
          px.set(Math.abs(x - (i + 0.5) * 21) < 10 ? [250, 250, 250, 255] : [10, 10, 10, 255], (y * w + x) * 4);
      return px;
    });
    const gif = await sharp(Buffer.concat(frames), { raw: { width: w, height: h * 3, channels: 4, pageHeight: h } })
      .gif({ delay: [50, 60, 70], dither: 0 })
      .toBuffer();
    const seen = [];
    for await (const frame of renderFrames(gif, { columns: 32, autoOptimize: 0 })) seen.push(frame);
    expect(seen.map((f) => [f.index, f.delayMs])).toEqual([
      [0, 50],
      [1, 60],
      [2, 70],
    ]);
    expect(new Set(seen.map((f) => f.output)).size).toBe(3);
    expect(seen[0].output).toBe(gridLines(seen[0].grid).join('\n'));
    const still = [];
    for await (const frame of renderFrames(FIXTURE_PNG, { columns: 40 })) still.push(frame);
    expect(still.map((f) => f.output)).toEqual([(await render(FIXTURE_PNG, { columns: 40 })).output]);
  });
});
