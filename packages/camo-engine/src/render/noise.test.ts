import { describe, expect, it } from 'vitest';
import { PeriodicFbm } from './noise.js';

/** The grid points (i/res, j/res), moved by a smooth periodic warp of the given amount. */
function warpedGrid(res: number, amount: number): { us: Float64Array; vs: Float64Array } {
  const us = new Float64Array(res * res);
  const vs = new Float64Array(res * res);
  const wx = new PeriodicFbm({ periodX: 3, periodY: 3, octaves: 4, persistence: 0.5, seed: 11 });
  const wy = new PeriodicFbm({ periodX: 3, periodY: 3, octaves: 4, persistence: 0.5, seed: 28 });
  for (let j = 0; j < res; j++)
    for (let i = 0; i < res; i++) {
      const u = i / res;
      const v = j / res;
      us[j * res + i] = u + amount * wx.at(u, v);
      vs[j * res + i] = v + amount * wy.at(u, v);
    }
  return { us, vs };
}

describe('PeriodicFbm.sumGrid', () => {
  const specs = [
    { periodX: 4, periodY: 4, octaves: 7, persistence: 0.5, seed: 5 },
    { periodX: 2, periodY: 3, octaves: 8, persistence: 0.7, seed: 9 },
    { periodX: 3, periodY: 3, octaves: 7, persistence: 0.9, seed: 1 },
  ];

  it('matches the noise at every point of a warped grid to within 1 % of its spread', () => {
    const res = 256;
    for (const amount of [0, 0.15]) {
      const { us, vs } = warpedGrid(res, amount);
      for (const spec of specs) {
        const f = new PeriodicFbm(spec, 128);
        const grid = f.sumGrid(us, vs, res);
        const exact = Float64Array.from(us, (u, p) => f.at(u, vs[p] ?? 0));
        const mean = exact.reduce((a, b) => a + b, 0) / exact.length;
        const sd = Math.sqrt(exact.reduce((a, b) => a + (b - mean) ** 2, 0) / exact.length);
        let sq = 0;
        let worst = 0;
        for (let p = 0; p < exact.length; p++) {
          const e = Math.abs((grid[p] ?? 0) - (exact[p] ?? 0));
          sq += e * e;
          worst = Math.max(worst, e);
        }
        expect(Math.sqrt(sq / exact.length) / sd).toBeLessThan(0.01);
        expect(worst / sd).toBeLessThan(0.05);
      }
    }
  });

  it('evaluates coarse octaves on subgrids: exact where every octave is fine, and any grid size', () => {
    // Period 64 on a 256 grid: four points per period, so every octave is evaluated everywhere.
    const fine = new PeriodicFbm({ periodX: 64, periodY: 64, octaves: 2, persistence: 0.5, seed: 3 });
    const { us, vs } = warpedGrid(256, 0.1);
    const grid = fine.sumGrid(us, vs, 256);
    for (const p of [0, 1, 999, 65535]) expect(grid[p]).toBeCloseTo(fine.at(us[p] ?? 0, vs[p] ?? 0), 12);
    // An odd grid cannot be halved: evaluated in full.
    const odd = warpedGrid(45, 0.1);
    const coarse = new PeriodicFbm({ periodX: 4, periodY: 4, octaves: 7, persistence: 0.5, seed: 5 }, 128);
    const oddGrid = coarse.sumGrid(odd.us, odd.vs, 45);
    expect(oddGrid[44]).toBeCloseTo(coarse.at(odd.us[44] ?? 0, odd.vs[44] ?? 0), 12);
    expect(() => coarse.sumGrid(odd.us, odd.vs, 44)).toThrow(RangeError);
  });
});
