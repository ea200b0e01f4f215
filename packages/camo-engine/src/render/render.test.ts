import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../metrics/prng.js';
import { nthSmallest } from './layer-thresholds.js';

describe('nthSmallest (layer thresholds)', () => {
  it('returns the k-th value of the sorted array, with ties and any k', () => {
    const rand = mulberry32(5);
    for (const n of [1, 2, 3, 10, 257, 4096]) {
      for (const levels of [2, 17, 1e9]) {
        const vals = Float32Array.from({ length: n }, () => Math.floor(rand() * levels) - levels / 2);
        const sorted = Float32Array.from(vals).sort();
        for (const k of [0, n >> 2, n >> 1, n - 1])
          expect(nthSmallest(Float32Array.from(vals), k)).toBe(sorted[k]);
      }
    }
  });
});
