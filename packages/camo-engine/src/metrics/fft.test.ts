import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.js';
import { powerSpectrum2d } from './fft.js';

/** |F|^2 of the 2-D DFT straight from its definition. */
function naivePower(img: Float64Array, n: number): Float64Array {
  const p = new Float64Array(n * n);
  for (let fy = 0; fy < n; fy++)
    for (let fx = 0; fx < n; fx++) {
      let re = 0;
      let im = 0;
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++) {
          const a = (-2 * Math.PI * (fx * x + fy * y)) / n;
          re += (img[y * n + x] ?? 0) * Math.cos(a);
          im += (img[y * n + x] ?? 0) * Math.sin(a);
        }
      p[fy * n + fx] = re * re + im * im;
    }
  return p;
}

describe('powerSpectrum2d', () => {
  for (const n of [1, 2, 4, 16]) {
    it(`equals the DFT's power on a random ${n} x ${n} image`, () => {
      const rand = mulberry32(n);
      const img = Float64Array.from({ length: n * n }, () => rand() * 2 - 1);
      const want = naivePower(img, n);
      const got = powerSpectrum2d(img, n);
      for (let i = 0; i < n * n; i++) expect(got[i]).toBeCloseTo(want[i] ?? NaN, 9);
    });
  }

  it('with maxFreq, computes every frequency with |fx| <= maxFreq and leaves the rest 0', () => {
    const n = 16;
    const rand = mulberry32(7);
    const img = Float64Array.from({ length: n * n }, () => rand());
    const want = naivePower(img, n);
    const got = powerSpectrum2d(img, n, 3);
    for (let fy = 0; fy < n; fy++)
      for (let fx = 0; fx < n; fx++) {
        const i = fy * n + fx;
        expect(got[i]).toBeCloseTo(Math.min(fx, n - fx) <= 3 ? (want[i] ?? NaN) : 0, 9);
      }
  });
});
