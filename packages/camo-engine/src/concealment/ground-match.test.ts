import { describe, expect, it } from 'vitest';
import { readPhoto } from '../node.js';
import { FIXTURE_DIR } from '../../test/fixtures.js';
import type { Photo } from '../types.js';
import {
  designFeatures,
  FEATURE_TILE_PX,
  featureTile,
  firstPassMeasures,
  groundMeasures,
  groundProfile,
  groundView,
  prepareGround,
} from './ground-match.js';
import { standAt } from './placement.js';
import { DEFAULT_WEIGHTS, hunter, MEASURE_NAMES, predictedHiding } from './predictor.js';

/** A photo with a smooth blue sky over its top `skyShare` and a mottled brown-green ground below. */
function landscape(w: number, h: number, skyShare: number): Photo {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      if (y < skyShare * h) {
        data.set([110 + (y / h) * 40, 150 + (y / h) * 30, 215], i);
        continue;
      }
      const v = Math.sin(x * 0.21) * Math.cos(y * 0.17) + 0.5 * Math.sin(x * 0.05 + y * 0.07);
      data.set([95 + 25 * v, 90 + 25 * v, 55 + 15 * v], i);
    }
  return { width: w, height: h, data };
}

/** A two-colour blob design of the given colours. */
function blobs(a: [number, number, number], b: [number, number, number], size = 256): Photo {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const on = Math.sin((x * 2 * Math.PI) / 96) * Math.cos((y * 2 * Math.PI) / 64) > 0;
      data.set(on ? a : b, (y * size + x) * 3);
    }
  return { width: size, height: size, data };
}

const matching = blobs([110, 105, 65], [75, 72, 45]);
const magenta = blobs([230, 40, 200], [250, 120, 230]);

describe("designs judged in someone else's photo (issue 28)", () => {
  const photo = landscape(800, 600, 0.45);
  const ground = prepareGround(photo);

  it('stands its targets on the ground only, never in the sky', () => {
    const stand = standAt(ground, hunter(), 10);
    if ('outOfRange' in stand) throw new Error('10 m should be in range');
    const places = stand.places;
    expect(places.length).toBeGreaterThanOrEqual(3);
    expect(places.length).toBeLessThanOrEqual(9);
    for (const p of places) expect(p.y - p.size / 2).toBeGreaterThan(0.45 * photo.height);
  });

  it('keeps a small tile and plain-JSON features of a design', () => {
    const tile = featureTile(matching);
    expect(tile.width).toBeLessThanOrEqual(FEATURE_TILE_PX);
    const features = designFeatures(matching);
    expect(JSON.parse(JSON.stringify(features))).toEqual(features);
    expect(features.palette[0]!.share).toBeGreaterThan(0.3);
    expect(features.seen.deer).toHaveLength(4);
    expect(features.seen.person[0]!.bands.some((b) => b !== null && b > 0)).toBe(true);
    // The tile stands for the design at the measures' scale: the same figures within a point.
    const full = groundMeasures(ground, matching, 'person', 10)!;
    const small = groundMeasures(ground, { ...tile }, 'person', 10)!;
    expect(
      Math.abs(predictedHiding(full, DEFAULT_WEIGHTS) - predictedHiding(small, DEFAULT_WEIGHTS)),
    ).toBeLessThanOrEqual(2);
  });

  it("both passes find the design of the ground's colours hides better than a magenta one", () => {
    for (const [observer, distance] of [
      ['person', 10],
      ['deer', 25],
      ['person', 50],
    ] as const) {
      const profile = groundProfile(ground, observer, distance)!;
      const first = [matching, magenta].map((d) =>
        predictedHiding(firstPassMeasures(profile, designFeatures(d)), DEFAULT_WEIGHTS),
      );
      const full = [matching, magenta].map((d) =>
        predictedHiding(groundMeasures(ground, d, observer, distance)!, DEFAULT_WEIGHTS),
      );
      expect(first[0]).toBeGreaterThan(first[1]!);
      expect(full[0]).toBeGreaterThan(full[1]!);
    }
  });

  it('estimates colour and luminance contrast as the full predictor measures them', () => {
    const profile = groundProfile(ground, 'person', 10)!;
    for (const design of [matching, magenta, blobs([60, 60, 60], [90, 90, 90])]) {
      const first = firstPassMeasures(profile, designFeatures(design));
      const full = groundMeasures(ground, design, 'person', 10)!;
      expect(Math.abs(first.luminanceContrast - full.luminanceContrast)).toBeLessThan(
        3 + 0.15 * full.luminanceContrast,
      );
      expect(Math.abs(first.colourContrast - full.colourContrast)).toBeLessThan(
        3 + 0.15 * full.colourContrast,
      );
      for (const name of MEASURE_NAMES) expect(Number.isFinite(first[name])).toBe(true);
    }
  });

  it("at dawn or dusk, both passes still find the matching design hides better, with that light's own figures (decision 034)", () => {
    for (const [observer, distance] of [
      ['person', 10],
      ['deer', 25],
      ['person', 50],
    ] as const) {
      const dusk = groundProfile(ground, observer, distance, 'twilight')!;
      expect(dusk.light).toBe('twilight');
      const first = [matching, magenta].map((d) =>
        predictedHiding(firstPassMeasures(dusk, designFeatures(d)), DEFAULT_WEIGHTS),
      );
      const full = [matching, magenta].map((d) =>
        predictedHiding(
          groundMeasures(ground, d, observer, distance, { light: 'twilight' })!,
          DEFAULT_WEIGHTS,
        ),
      );
      expect(first[0]).toBeGreaterThan(first[1]!);
      expect(full[0]).toBeGreaterThan(full[1]!);
      // Not daylight's figures under another name: the magenta's luminance contrast changes.
      const day = groundMeasures(ground, magenta, observer, distance)!;
      const atDusk = groundMeasures(ground, magenta, observer, distance, { light: 'twilight' })!;
      expect(Math.abs(atDusk.luminanceContrast - day.luminanceContrast)).toBeGreaterThan(0.5);
    }
  });

  it('says when a distance is out of range, and refuses one it has no statistics for', () => {
    const tiny = prepareGround(landscape(64, 48, 0.3));
    expect(groundMeasures(tiny, matching, 'person', 100)).toBeNull();
    expect(groundProfile(tiny, 'person', 100)).toBeNull();
    expect(groundView(tiny, matching, 'person', 100)).toBeNull();
    expect(() => groundProfile(ground, 'person', 30)).toThrow(RangeError);
  });

  it("draws the viewer at the photo's size", () => {
    const view = groundView(ground, matching, 'deer', 25)!;
    expect(view.width).toBe(photo.width);
    expect(view.data.length).toBe(photo.width * photo.height * 3);
  });

  it('profiles a real photo (a fixture) at every distance it can', async () => {
    const forest = prepareGround(await readPhoto(FIXTURE_DIR + 'forest.jpg'));
    const profile = groundProfile(forest, 'deer', 25)!;
    expect(profile.places.length).toBeGreaterThanOrEqual(3);
    for (const place of profile.places) {
      expect(place.L).toBeGreaterThan(0);
      expect(place.light).toBeGreaterThan(0.6);
    }
  });
});
