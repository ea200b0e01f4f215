import { describe, expect, it } from 'vitest';
import { labToRgb, rgbToLab } from '../color/lab.js';
import { patchSizeSpan, torusComponentSizes } from './components.js';
import { kmeansBest } from './kmeans.js';
import { coverLowerBound } from './photo-stats.js';
import { axisEnergyShare, edgeCoherence } from './orientation.js';
import { mulberry32 } from './prng.js';
import { spectralSlope } from './spectrum.js';
import { wrapJumpRatios } from './tiling.js';

const plane = (n: number, f: (x: number, y: number) => number) => {
  const data = new Float32Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) data[y * n + x] = f(x, y);
  return { width: n, height: n, data };
};

describe('colour conversion', () => {
  it('round-trips sRGB through CIELAB', () => {
    for (const c of [
      [0, 0, 0],
      [255, 255, 255],
      [75, 83, 32],
      [129, 97, 60],
      [10, 200, 90],
    ] as const) {
      expect(labToRgb(rgbToLab(c[0], c[1], c[2]))).toEqual([...c]);
    }
    expect(rgbToLab(255, 255, 255).L).toBeCloseTo(100, 2);
  });
});

describe('kmeans++ in CIELAB', () => {
  it('recovers well separated clusters and their shares', () => {
    const rand = mulberry32(3);
    const centres = [
      [30, 10, 10, 0.5],
      [70, -20, 30, 0.3],
      [50, 0, -40, 0.2],
    ] as const;
    const n = 3000;
    const L = new Float32Array(n);
    const A = new Float32Array(n);
    const B = new Float32Array(n);
    let i = 0;
    for (const [l, a, b, share] of centres) {
      for (let k = 0; k < share * n; k++, i++) {
        L[i] = l + (rand() - 0.5) * 4;
        A[i] = a + (rand() - 0.5) * 4;
        B[i] = b + (rand() - 0.5) * 4;
      }
    }
    const clusters = kmeansBest({ L, A, B }, 3, 1);
    expect(clusters.map((c) => Math.round(c.share * 10) / 10)).toEqual([0.5, 0.3, 0.2]);
    expect(clusters[0]?.lab.L).toBeCloseTo(30, 0);
    expect(clusters[1]?.lab.b).toBeCloseTo(30, 0);
  });
});

describe('spectral slope', () => {
  it('is near 0 for white noise and near -3 for a smooth hard-edged disc', () => {
    const rand = mulberry32(9);
    expect(Math.abs(spectralSlope(plane(256, () => rand())))).toBeLessThan(0.3);
    const disc = spectralSlope(plane(256, (x, y) => ((x - 128) ** 2 + (y - 128) ** 2 < 60 ** 2 ? 1 : 0)));
    expect(disc).toBeLessThan(-2.6);
    expect(disc).toBeGreaterThan(-3.4);
  });
});

describe('torus components', () => {
  it('joins patches across the wrap edge', () => {
    const n = 8;
    const labels = new Uint8Array(n * n);
    for (let y = 0; y < n; y++) {
      labels[y * n] = 1;
      labels[y * n + n - 1] = 1;
    }
    const sizes = Array.from(torusComponentSizes(labels, n, n)).sort((a, b) => a - b);
    expect(sizes).toEqual([16, 48]);
  });
  it('measures the spread of patch sizes', () => {
    const n = 64;
    const labels = new Uint8Array(n * n);
    labels[5 * n + 5] = 1; // a one-pixel patch among one big ground patch
    const s = patchSizeSpan(labels, n, n);
    expect(s.p95).toBe(n * n - 1);
    expect(s.count).toBe(2);
  });
});

describe('wrap-edge jump ratio', () => {
  it('is about 1 for a periodic tile and large for a tile with a seam', () => {
    const n = 64;
    const periodic = new Uint8Array(n * n * 3);
    const seam = new Uint8Array(n * n * 3);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const v = Math.round(
          127 + 100 * Math.sin((2 * Math.PI * (x + n / 8)) / n) * Math.cos((2 * Math.PI * y) / n),
        );
        periodic.fill(v, (y * n + x) * 3, (y * n + x) * 3 + 3);
        seam.fill(Math.round((x * 255) / n), (y * n + x) * 3, (y * n + x) * 3 + 3);
      }
    const p = wrapJumpRatios(periodic, n, n, 3);
    expect(p.x).toBeGreaterThan(0.5);
    expect(p.x).toBeLessThan(1.5);
    expect(wrapJumpRatios(seam, n, n, 3).x).toBeGreaterThan(10);
  });
});

describe('orientation measures', () => {
  it('gives axis-aligned blocks a high axis share and a disc a low one', () => {
    expect(axisEnergyShare(plane(128, (x, y) => ((x >> 3) + (y >> 3)) % 2))).toBeGreaterThan(0.9);
    const disc = axisEnergyShare(plane(128, (x, y) => ((x - 64) ** 2 + (y - 64) ** 2 < 50 ** 2 ? 100 : 0)));
    expect(disc).toBeLessThan(0.35);
  });
  it('scores straight stripes as more coherent than a wiggly boundary', () => {
    const straight = edgeCoherence(plane(128, (x, y) => (Math.floor((x + y * 0.5) / 16) % 2 ? 1 : 0)));
    const wiggly = edgeCoherence(
      plane(128, (x, y) => (Math.sin(x * 0.4) * 6 + Math.sin(y * 0.5) * 6 > 0 ? 1 : 0)),
    );
    expect(straight).toBeGreaterThan(wiggly);
  });
});

describe('the lower bound on colours for many clusterings', () => {
  const at = (L: number, share = 0.25, a = 0) => ({ lab: { L, a, b: 0 }, share });
  it('counts centres that no single colour can serve together', () => {
    // Greys ten L* apart: no colour is within 3 of two of them.
    const k4 = { clusters: [at(20), at(30), at(40), at(50)] };
    // The same greys tinted red, and one more: nine colours, as no tint is near a grey.
    const k5 = { clusters: [20, 30, 40, 50, 60].map((L) => at(L, 0.2, 25)) };
    expect(coverLowerBound([k4])).toBe(4);
    expect(coverLowerBound([k4, k5])).toBe(9);
  });
  it('does not count centres one colour can serve, nor clusters under 5 %', () => {
    const a = { clusters: [at(50, 0.6), at(80, 0.38), at(10, 0.02)] };
    const b = { clusters: [at(52, 0.6), at(78, 0.4)] };
    expect(coverLowerBound([a, b])).toBe(2);
  });
});
