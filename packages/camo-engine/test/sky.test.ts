import { describe, expect, it } from 'vitest';
import { analyse, generate } from '../src/index.js';
import { findSky } from '../src/analysis/sky.js';
import { labToRgb } from '../src/color/lab.js';
import { decodeIndexedPng } from '../src/node.js';
import type { Photo } from '../src/types.js';
import { loadFixtures } from './fixtures.js';

/** A deterministic 0..1 hash noise. */
const noise = (x: number, y: number, s: number): number => {
  let h = (x * 374761393 + y * 668265263 + s * 2147483647) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};

/** Value noise over cells of `cell` pixels (blobby texture), 0..1. */
const blobs = (x: number, y: number, cell: number, s: number): number => {
  const fx = x / cell;
  const fy = y / cell;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const a = noise(x0, y0, s);
  const b = noise(x0 + 1, y0, s);
  const c = noise(x0, y0 + 1, s);
  const d = noise(x0 + 1, y0 + 1, s);
  return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
};

type Lab3 = [number, number, number];
function synth(w: number, h: number, lab: (x: number, y: number) => Lab3): Photo {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [L, a, b] = lab(x, y);
      const [r, g, bl] = labToRgb({ L, a, b });
      const o = (y * w + x) * 4;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = bl;
      data[o + 3] = 255;
    }
  return { width: w, height: h, data };
}

/** Brown and olive ground with blobs at two scales and pixel grain. */
const ground = (x: number, y: number): Lab3 => {
  const t = 0.6 * blobs(x, y, 40, 1) + 0.4 * blobs(x, y, 9, 2);
  const g = (noise(x, y, 3) - 0.5) * 8;
  return t > 0.55 ? [38 + g, 4, 22] : t > 0.4 ? [50 + g, -6, 28] : [28 + g, 3, 12];
};

const W = 480;
const H = 320;

describe('sky, sea and distant background', () => {
  it('finds open blue sky above the horizon and leaves it out of the palette', () => {
    const horizon = Math.round(H * 0.4);
    const photo = synth(W, H, (x, y) =>
      y < horizon ? [62 + (14 * y) / horizon, -4, -30 + y / 20] : ground(x, y),
    );
    const sky = findSky(photo);
    expect(sky.skyShare).toBeGreaterThan(0.35);
    expect(sky.skyShare).toBeLessThan(0.45);
    const a = analyse(photo, { state: 'KS' });
    expect(a.ground.fallback).toBe(false);
    for (const s of a.palette) expect(s.lab.b, `${s.name} ${s.hex}`).toBeGreaterThan(0);
    const res = generate({ photo, seed: 1 });
    expect(res.designs[0].markdownAnalysis).toMatch(/sky, 4\d% of the photo, left out/);
    // The analysis says how the palette was made and how many colours it took from the photo.
    expect(res.designs[0].markdownAnalysis).toContain(
      `the other starts agree with best: ${res.analysis.palette.length} colours)`,
    );
    // No sky blue in the designs.
    for (const d of res.designs)
      for (const [r, , b] of decodeIndexedPng(d.png).palette)
        expect(b, d.variant).toBeLessThanOrEqual(r + 10);
  });

  it('finds no sky in a photo of ground only', () => {
    const photo = synth(W, H, ground);
    expect(findSky(photo).skyShare).toBe(0);
    const a = analyse(photo);
    expect(a.ground.groundShare).toBe(1);
    expect(generate({ photo, seed: 1 }).designs[0].markdownAnalysis).not.toMatch(/left out/);
  });

  it('keeps a snow field under a white sky as ground', () => {
    const horizon = Math.round(H * 0.35);
    const photo = synth(W, H, (x, y) => {
      if (y < horizon) return [80 + (4 * y) / horizon, 0, -2];
      // Snow: bright, with drifts and blue-grey shadows and fine grain.
      const t = blobs(x, y, 30, 5);
      const g = (noise(x, y, 6) - 0.5) * 6;
      return t < 0.3 ? [78 + g, -1, -6] : [93 + g, 0, -1];
    });
    const sky = findSky(photo);
    expect(sky.skyShare).toBeLessThan(0.42);
    const a = analyse(photo, { state: 'MN' });
    expect(a.ground.groundShare).toBeGreaterThan(0.55);
    // The snow's white is in the palette, and is the largest colour.
    expect(a.palette[0]?.lab.L).toBeGreaterThan(85);
  });

  it('takes neither a close-up surface blurred towards the top nor a smooth surface filling the frame for sky', () => {
    // Pale planks, sharp grain below and out of focus above: the same colour on both sides of the
    // change of focus, so there is no horizon.
    const focus = Math.round(H * 0.45);
    const planks = synth(W, H, (x, y) => {
      const grain = y < focus ? 0 : (noise(x, y, 4) - 0.5) * 10 + (blobs(x, y, 6, 5) - 0.5) * 8;
      return [86 + grain, -2, 14];
    });
    expect(findSky(planks).skyShare).toBe(0);
    expect(analyse(planks).ground.groundShare).toBe(1);
    // Fog, a wall or a tarp filling the frame: nothing to split it into sky and ground.
    const fog = synth(W, H, (x, y) => [76 + (3 * y) / H, 0, -1]);
    expect(findSky(fog).skyShare).toBe(0);
    expect(analyse(fog).ground.fallback).toBe(false);
  });

  it('does not take a blue tarp on the ground for sky, with or without sky above', () => {
    const tarp = (x: number, y: number): boolean => x > 160 && x < 330 && y > 170 && y < 290;
    const photo = synth(W, H, (x, y) => (tarp(x, y) ? [48, 2, -42] : ground(x, y)));
    expect(findSky(photo).skyShare).toBe(0);
    const a = analyse(photo);
    expect(a.palette.some((s) => s.lab.b < -25)).toBe(true);
    const withSky = synth(W, H, (x, y) =>
      y < 80 ? [70, -4, -28] : tarp(x, y) ? [48, 2, -42] : ground(x, y),
    );
    const s2 = findSky(withSky);
    expect(s2.skyShare).toBeGreaterThan(0.2);
    expect(s2.skyShare + s2.waterShare).toBeLessThan(0.3);
    expect(analyse(withSky).palette.some((s) => s.lab.b < -25)).toBe(true);
  });

  it('falls back on the biome prior when almost nothing but sky remains, and says so', () => {
    const horizon = Math.round(H * 0.94);
    const photo = synth(W, H, (x, y) => (y < horizon ? [60 + (20 * y) / H, -6, -32] : ground(x, y)));
    const a = analyse(photo, { state: 'AZ' });
    expect(a.ground.fallback).toBe(true);
    expect(a.ground.prior).toBe('desert');
    for (const s of a.palette) expect(s.lab.b, s.name).toBeGreaterThan(0);
    const md = generate({ photo, state: 'AZ', seed: 1 }).designs[0].markdownAnalysis;
    expect(md).toMatch(/sky, 9\d% of the photo, left out/);
    expect(md).toMatch(/almost nothing but sky/);
    expect(md).toMatch(/mixed with typical ground colours of the place/);
    expect(md).not.toMatch(/other starts agree/);
    expect(md).not.toMatch(/!\[|<img|https?:\/\//);
  });

  it('finds the sky (and sea) in the fixtures that show it, and none in close-up ground', async () => {
    const fx = new Map((await loadFixtures()).map((f) => [f.name, f.photo]));
    const share = (n: string) => {
      const p = fx.get(n);
      if (!p) throw new Error(`fixture ${n} missing`);
      const s = findSky(p);
      return { sky: s.skyShare, water: s.waterShare };
    };
    for (const n of ['marsh', 'storm', 'sunset-hill', 'mountain-meadow', 'alpine-trail'])
      expect(share(n).sky, n).toBeGreaterThan(0.1);
    expect(share('marsh').water).toBeGreaterThan(0.02);
    for (const n of ['forest', 'autumn', 'desert', 'bark', 'gravel', 'moss-log', 'urban', 'cornfield'])
      expect(share(n).sky + share(n).water, n).toBe(0);
  });
});
