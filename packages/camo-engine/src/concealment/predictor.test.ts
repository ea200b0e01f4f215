import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  expectedHiddenSeconds,
  MEASURE_NAMES,
  observerView,
  predictConcealment,
  predictConcealmentTable,
  predictedHiding,
  predictedMedianSeconds,
  type ConcealmentMeasures,
} from './predictor.js';

const typical: ConcealmentMeasures = {
  colourContrast: 8,
  luminanceContrast: 10,
  gabrat: 0.35,
  textureDifference: 1.5,
};

/** A mottled green-brown ground, w x h RGB. */
function ground(w: number, h: number): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = Math.sin(x * 0.21) * Math.cos(y * 0.17) + 0.5 * Math.sin(x * 0.05 + y * 0.07);
      const i = (y * w + x) * 3;
      data[i] = 90 + 25 * v;
      data[i + 1] = 100 + 25 * v;
      data[i + 2] = 60 + 15 * v;
    }
  return { width: w, height: h, data };
}

/** A design tile: blobs of the ground's colours. */
function design(size = 128): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const v = Math.sin((x * 2 * Math.PI) / 64) * Math.cos((y * 2 * Math.PI) / 32) > 0 ? 1 : -1;
      const i = (y * size + x) * 3;
      data[i] = 90 + 25 * v;
      data[i + 1] = 100 + 25 * v;
      data[i + 2] = 60 + 15 * v;
    }
  return { width: size, height: size, data };
}

describe('the predictor', () => {
  it('E[min(T, 15)] in closed form agrees with numerical integration of the log-normal', () => {
    for (const mu of [-1, 0.5, 1.5, 2.7, 4]) {
      const w = { intercept: mu, weights: { ...DEFAULT_WEIGHTS.weights }, sigma: 0.8 };
      const zero: ConcealmentMeasures = {
        colourContrast: 0,
        luminanceContrast: 0,
        gabrat: 0,
        textureDifference: 0,
      };
      // E[min(T, 15)] = integral over z of min(exp(mu + sigma z), 15) phi(z).
      let numeric = 0;
      const dz = 0.001;
      for (let z = -8; z <= 8; z += dz)
        numeric +=
          Math.min(Math.exp(mu + 0.8 * z), 15) * (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * dz;
      expect(expectedHiddenSeconds(zero, w)).toBeCloseTo(numeric, 3);
      expect(predictedMedianSeconds(zero, w)).toBeCloseTo(Math.exp(mu), 10);
    }
  });

  it('the default weights point the way the literature does', () => {
    const base = predictedHiding(typical, DEFAULT_WEIGHTS);
    expect(base).toBeGreaterThan(5);
    expect(base).toBeLessThan(95);
    const worse = (name: (typeof MEASURE_NAMES)[number], by: number) =>
      predictedHiding({ ...typical, [name]: typical[name] + by }, DEFAULT_WEIGHTS);
    expect(worse('colourContrast', 10)).toBeLessThan(base);
    expect(worse('luminanceContrast', 10)).toBeLessThan(base);
    expect(worse('textureDifference', 3)).toBeLessThan(base);
    expect(worse('gabrat', 0.15)).toBeGreaterThan(base);
    expect(Number.isInteger(base)).toBe(true);
  });

  it('a design on a target in range gets measures and a 0-100 score; out of range gets none', () => {
    const photo = ground(640, 400);
    const near = predictConcealment({ photo, design: design(), observer: 'deer', distanceM: 10 });
    expect(near.inRange).toBe(true);
    if (near.inRange) {
      expect(near.targetPx).toBeCloseTo((1.05 / 10) * (320 / Math.tan((32.5 * Math.PI) / 180)), 6);
      expect(near.hiding).toBeGreaterThanOrEqual(0);
      expect(near.hiding).toBeLessThanOrEqual(100);
      for (const name of MEASURE_NAMES) expect(Number.isFinite(near.measures[name])).toBe(true);
    }
    // A 1.05 m target at 100 m spans 5 px of a 640 px photo.
    expect(predictConcealment({ photo, design: design(), observer: 'person', distanceM: 100 })).toEqual({
      inRange: false,
      outOfRange: 'too-small',
    });
  });

  it('the table gives the same figures as one prediction at a time', () => {
    const photo = ground(480, 360);
    const rows = predictConcealmentTable({ photo, design: design() });
    expect(rows.map((r) => `${r.observer}@${r.distanceM}`)).toEqual([
      'person@10',
      'deer@10',
      'person@25',
      'deer@25',
      'person@50',
      'deer@50',
      'person@100',
      'deer@100',
    ]);
    const one = predictConcealment({ photo, design: design(), observer: 'deer', distanceM: 25 });
    expect(rows[3]!.result).toEqual(one);
  });

  it('a flat target in a colour far from the ground hides worse than a design in its colours', () => {
    const photo = ground(640, 400);
    const worn = predictConcealment({ photo, design: design(), observer: 'person', distanceM: 10 });
    const orange = predictConcealment({
      photo,
      design: { colour: [255, 103, 0] },
      observer: 'person',
      distanceM: 10,
    });
    expect(worn.inRange && orange.inRange).toBe(true);
    if (worn.inRange && orange.inRange) expect(orange.hiding).toBeLessThan(worn.hiding);
  });

  it('the viewer: the photo as the deer resolves it, its size, softer than the person sees it', () => {
    const photo = ground(320, 240);
    const seen = (observer: 'person' | 'deer') =>
      observerView({ photo, design: design(), observer, distanceM: 10 })!;
    const person = seen('person');
    const deer = seen('deer');
    expect([deer.width, deer.height, deer.data.length]).toEqual([320, 240, 320 * 240 * 3]);
    // Local contrast (mean absolute difference of horizontal neighbours' green) drops for the deer.
    const roughness = (d: Uint8Array) => {
      let s = 0;
      for (let i = 3; i < d.length; i += 3) s += Math.abs(d[i + 1]! - d[i - 2]!);
      return s;
    };
    expect(roughness(deer.data)).toBeLessThan(roughness(person.data));
    expect(observerView({ photo, design: design(), observer: 'deer', distanceM: 100 })).toBeNull();
  });
});
