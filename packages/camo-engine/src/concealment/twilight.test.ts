import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPhoto } from '../node.js';
import { observerAt } from './observers.js';
import { pairedGap, predictConcealmentTable, preparePhoto, type PreparedPhoto } from './predictor.js';

/**
 * Dawn and dusk in the predictor (issue 43 item 3, decision 034): the eyes lose acuity, a person's
 * colours are relit (the Purkinje shift), a deer's are its catches under the twilight spectrum.
 */
describe('the eyes at dawn or dusk', () => {
  it('lose acuity as their contrast sensitivity’s cutoff does: a person 30 to 22 c/deg, a deer 5 to 3.4', () => {
    expect(observerAt('person', 'twilight').acuityCpd).toBeCloseTo(22.2, 1);
    expect(observerAt('deer', 'twilight').acuityCpd).toBeCloseTo(3.38, 2);
    expect(observerAt('deer', 'daylight')).toMatchObject({ acuityCpd: 5, light: 'daylight' });
  });

  describe('a pair built for it changes order for a deer between daylight and dusk', () => {
    // A brick red and an olive green on grassland, at 25 m: in daylight the deer's M cone (537 nm)
    // finds the red about as light as the dry grass; at dusk its rods (497 nm) and the twilight
    // spectrum's ozone trough near 600 nm darken it, and the olive matches instead. The pair was
    // chosen by a search over 120 flat colours, brown or orange against green, on five photos at
    // 10 and 25 m (decision 034 says how; decision 037 why it was searched again).
    const RED = { colour: [160, 40, 30] as [number, number, number] };
    const OLIVE = { colour: [120, 130, 30] as [number, number, number] };
    let grassland: PreparedPhoto;
    beforeAll(async () => {
      grassland = preparePhoto(
        await readPhoto(fileURLToPath(new URL('../../fixtures/grassland.jpg', import.meta.url))),
      );
    });
    const gap = (light: 'daylight' | 'twilight') => {
      const row = (design: typeof RED) =>
        predictConcealmentTable({ photo: grassland, design, observers: ['deer'], distances: [25], light })[0]!
          .result;
      const a = row(RED);
      const b = row(OLIVE);
      if (!a.inRange || !b.inRange) throw new Error('out of range');
      return pairedGap(a.samples, b.samples, a.places);
    };

    it('the red hides better in daylight and the olive at dusk, each gap reliable', () => {
      const day = gap('daylight');
      const dusk = gap('twilight');
      expect(day.difference).toBeGreaterThan(0);
      expect(day.reliable).toBe(true);
      expect(dusk.difference).toBeLessThan(0);
      expect(dusk.reliable).toBe(true);
    });
  });
});
