import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { mulberry32 } from '../metrics/prng.js';
import type { Photo } from '../types.js';
import { analyse } from './analyse.js';

/**
 * Ground of greens and browns in a continuum (a smooth field plus grain) with a trail across it in
 * another colour covering `trail` of the photo: a small but distinct element (issue 29 item 3).
 */
function groundWithTrail(trail: number, rgb: readonly [number, number, number]): Photo {
  const w = 240;
  const h = 240;
  const data = new Uint8Array(w * h * 4);
  const rand = mulberry32(7);
  const half = (trail * w) / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      const t = 0.5 + 0.25 * Math.sin(x / 17) * Math.cos(y / 23) + 0.25 * (rand() - 0.5);
      const n = () => (rand() - 0.5) * 10;
      // The trail winds down the photo, `trail` of each row wide.
      const centre = w / 2 + 40 * Math.sin(y / 40);
      const onTrail = Math.abs(x - centre) < half;
      const c: readonly number[] = onTrail ? rgb : [35 + 90 * t, 55 + 60 * t, 25 + 45 * t];
      data[o] = Math.max(0, Math.min(255, Math.round((c[0] ?? 0) + n())));
      data[o + 1] = Math.max(0, Math.min(255, Math.round((c[1] ?? 0) + n())));
      data[o + 2] = Math.max(0, Math.min(255, Math.round((c[2] ?? 0) + n())));
      data[o + 3] = 255;
    }
  return { width: w, height: h, data };
}

describe('typical palette (decision 023): a small but distinct element of the ground gets a colour', () => {
  for (const [what, share, rgb] of [
    ['an orange trail, 6 %', 0.06, [200, 122, 58]],
    ['a patch of snow, 5 %', 0.05, [236, 240, 244]],
    ['a pale sand path, 8 %', 0.08, [196, 178, 140]],
  ] as const) {
    it(what, () => {
      const a = analyse(groundWithTrail(share, rgb), { palette: 'typical' });
      const target = rgbToLab(rgb[0], rgb[1], rgb[2]);
      const nearest = Math.min(...a.palette.map((s) => ciede2000(s.lab, target)));
      expect(nearest, a.palette.map((s) => s.hex).join(' ')).toBeLessThanOrEqual(3);
      const own = a.palette.find((s) => ciede2000(s.lab, target) <= 3);
      expect(own?.share ?? 0).toBeGreaterThan(share * 0.7);
    });
  }
});
