import { describe, expect, it } from 'vitest';
import { HELD_OUT_CONTEXT } from './fixtures.js';
import { judgeHeldOut } from './held-out-judge.js';

/**
 * Issue 29 item 3: G2 and G3 as camo-engine.md now states them on the held-out photos of the kinds
 * the engine missed on unseen ground (fixtures/held-out/, FIXTURES.md: snow under shrubs, snow
 * over grass (three), snow on dark rock, mixed gravel, leaf litter in shade, wet moss, star moss,
 * forget-me-nots; from supertuxkart-data: moss on stones, pebble gravel, snow over a dark track,
 * snow on rock ledges, leaf litter with a grass verge, a dirt road with a verge, grass with dirt;
 * from 0ad-data: snow on the forest floor, a meadow in flower), both designs, seed 7. (With the greedy palette from before decision 023, 4 of the first 17 held; leaf litter with a verge and forget-me-nots
 * hold since the palette takes seven colours where six do not settle, ground-palette.ts#groundPalette.)
 * The photos where they do not hold are tests marked as failing, with their figures (design A's;
 * B's within 0.01, TV within 0.01, on 2026-11-26), so vitest reports the day one passes.
 * snow-patches-grass holds since 2026-11-29 (worst 5.09 before): its sunlit green sat at L* 53 on
 * the engine's 6000 points and at 58 on the photo's own pixels, and the palette now takes the
 * clustering settled on the denser sample when the two differ by more than G2/G3 allow (decision 031).
 * snowy-road missed while decision 028's six candidate layouts chose its design B (mean L* 2.02 from
 * the ground's; G3 allows 2), and holds again on the one layout a style drawn since 2026-11-29.
 * The four misses lack no bright or rare colour (decision 031's addendum, 2026-11-30): their
 * designs are within 0.47-0.69 of one of the judge's own clusterings, and on these photos the
 * judge's five seeds are 4.31-6.68 from one another (scripts/judge-self.ts); the median is a vote
 * between partitions, and on moss-stone no copy of any of the five would meet it (3.01).
 */
const MISSES: Record<string, string> = {
  'dirt-road-verge': 'worst 3.29, mean 2.19, TV 0.133',
  'flowering-meadow': 'worst 6.84, mean 4.15, TV 0.190',
  'moss-stone': 'worst 5.07, mean 2.44, TV 0.165',
  'snow-forest-floor': 'worst 3.73, mean 2.06',
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
