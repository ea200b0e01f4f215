import { describe, expect, it } from 'vitest';
import { HELD_OUT_CONTEXT } from './fixtures.js';
import { judgeHeldOut } from './held-out-judge.js';

/**
 * Issue 29 item 3: G2 and G3 as camo-engine.md now states them on the held-out photos of the kinds
 * the engine missed on unseen ground (fixtures/held-out/, FIXTURES.md: snow under shrubs, snow
 * over grass (three), snow on dark rock, mixed gravel, leaf litter in shade, wet moss, star moss,
 * forget-me-nots; from supertuxkart-data: moss on stones, pebble gravel, snow over a dark track,
 * snow on rock ledges, leaf litter with a grass verge, a dirt road with a verge, grass with dirt),
 * both designs, seed 7. (With palette: 'typical', decision 023, 12 of the 17 hold: the engine README.)
 * The photos where they do not hold are tests marked as failing, with their figures (design A's;
 * B's within 0.01, TV within 0.005, on 2026-11-26), so vitest reports the day one passes.
 */
const MISSES: Record<string, string> = {
  'forget-me-nots': 'worst 8.58, mean 3.29',
  'icy-grass': 'worst 8.63, mean 2.21, TV 0.141',
  'leaf-litter-shade': 'worst 4.33',
  'mixed-gravel': 'worst 6.51, mean 2.86',
  'moss-penguin-ground': 'worst 3.11, mean 2.03',
  'snow-dark-rock': 'worst 7.29, mean 3.02, TV 0.254',
  'snow-patches-grass': 'worst 6.09, mean 2.32',
  'snow-shrubs': 'worst 5.25, mean 2.11, TV 0.124',
  // supertuxkart-data's textures (2026-11-26):
  'dirt-road-verge': 'worst 3.57, mean 1.77, 2 colours > 6, TV 0.179',
  'moss-stone': 'worst 4.99, mean 1.99, TV 0.156',
  'pebble-gravel': 'worst 4.92, mean 2.02',
  'snow-rock-ledges': 'worst 8.78, mean 3.02, TV 0.203',
  'snowy-road': 'mean 1.63, TV 0.378',
};

const { names, meets } = judgeHeldOut();

describe('G2 and G3 (camo-engine.md) on held-out photos of issue 29 item 3', () => {
  it('has at least ten held-out photos, each with a description', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const n of names) expect(HELD_OUT_CONTEXT[n], n).toBeDefined();
    for (const m of Object.keys(MISSES)) expect(names, m).toContain(m);
  });
  for (const name of names) {
    const miss = MISSES[name];
    if (miss) it.fails(`${name} (not met: ${miss})`, () => meets(name));
    else it(name, () => meets(name));
  }
});
