import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/lab.js';
import { coverage } from './compose.js';
import { chromaticDifference, gabrat } from './measures.js';
import { observerById, seenColour } from './observers.js';
import { silhouettes } from './silhouettes.js';

const n = 64;
const hunter = silhouettes.find((s) => s.id === 'crouching-hunter')!;
const placement = { x: 32, y: 32, size: 40, rotation: 0 };

/** L* of a crop: a lightly mottled ground of L* 50 with the hunter painted in by `paint`. */
function scene(paint: (x: number, y: number) => number): { image: Float32Array; mask: Float32Array } {
  const mask = coverage(hunter, placement, n, n, 0.6);
  const image = new Float32Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const ground = 50 + 3 * Math.sin(x * 0.9) * Math.cos(y * 1.3);
      image[i] = ground * (1 - mask[i]!) + paint(x, y) * mask[i]!;
    }
  return { image, mask };
}

describe('GabRat', () => {
  it('stripes crossing the outline disrupt it more than a plain target of the same mean', () => {
    const sigma = 40 / 16;
    const plain = scene(() => 40);
    // Horizontal bands 4 px wide of L* 20 and 60 (mean 40): they cross the body's upright edges.
    const striped = scene((_, y) => (Math.floor(y / 4) % 2 === 0 ? 20 : 60));
    const gPlain = gabrat(plain.image, plain.mask, n, sigma);
    const gStriped = gabrat(striped.image, striped.mask, n, sigma);
    expect(gPlain).toBeLessThan(0.3);
    expect(gStriped).toBeGreaterThan(gPlain + 0.15);
  });

  it('a target that matches its ground exactly has no coherent edge to lose (about 0.5 or above)', () => {
    const blended = scene((x, y) => 50 + 3 * Math.sin(x * 0.9) * Math.cos(y * 1.3));
    expect(gabrat(blended.image, blended.mask, n, 2.5)).toBeGreaterThan(0.4);
  });
});

describe('colour contrast with L* held equal', () => {
  it("blaze orange on olive drab: a deer keeps under a quarter of a person's chromatic contrast and under half the lightness contrast", () => {
    const orange: [number, number, number] = [0xff, 0x67, 0x00];
    const olive: [number, number, number] = [0x6b, 0x8e, 0x23];
    const person = observerById('person');
    const deer = observerById('deer');
    const forPerson = chromaticDifference(seenColour(person, orange), seenColour(person, olive));
    const forDeer = chromaticDifference(seenColour(deer, orange), seenColour(deer, olive), 'deer');
    const lumPerson = Math.abs(seenColour(person, orange).L - seenColour(person, olive).L);
    const lumDeer = Math.abs(seenColour(deer, orange).L - seenColour(deer, olive).L);
    // Decision 032: the deer's lightness is its 537 nm cone's, which finds orange about as light as
    // olive (a person's L* sets them 7.8 apart).
    console.info(
      `blaze orange on olive drab: chromatic person ${forPerson.toFixed(1)}, deer ${forDeer.toFixed(1)} (${(forPerson / forDeer).toFixed(1)}x); |dL*| person ${lumPerson.toFixed(1)}, deer ${lumDeer.toFixed(1)}`,
    );
    expect(forPerson / forDeer).toBeGreaterThanOrEqual(4);
    expect(lumPerson).toBeGreaterThan(5);
    expect(lumDeer).toBeLessThan(lumPerson / 2);
  });

  it('holds L* equal: two greys of different lightness have no chromatic difference', () => {
    expect(chromaticDifference(rgbToLab(40, 40, 40), rgbToLab(200, 200, 200))).toBeLessThan(0.5);
  });
});
