import { describe, expect, it } from 'vitest';
import { judgeHeldOut } from './held-out-judge.js';

/**
 * Decision 023's opt-in palette (palette: 'typical') on the held-out photos: G2 and G3 as
 * camo-engine.md states them, both designs, seed 7, as test/held-out.test.ts judges the default
 * engine (where 4 of the 17 hold). The photos where they do not hold are tests marked as failing,
 * with design A's figures on 2026-11-26 (B's within 0.01, TV within 0.01).
 */
const MISSES: Record<string, string> = {
  'dirt-road-verge': 'worst 3.29, mean 2.19, TV 0.130',
  'forest-floor-verge': 'worst 4.81, mean 2.02',
  'forget-me-nots': 'worst 8.84, mean 5.45, 3 colours > 6, TV 0.289',
  'moss-stone': 'worst 5.07, mean 2.44, TV 0.164',
  'snow-patches-grass': 'worst 5.09',
};

const { names, meets } = judgeHeldOut('typical');

describe("G2 and G3 (camo-engine.md) on the held-out photos with palette: 'typical' (decision 023)", () => {
  it('judges every held-out photo', () => {
    expect(names.length).toBeGreaterThanOrEqual(17);
    for (const m of Object.keys(MISSES)) expect(names, m).toContain(m);
  });
  for (const name of names) {
    const miss = MISSES[name];
    if (miss) it.fails(`${name} (not met: ${miss})`, () => meets(name));
    else it(name, () => meets(name));
  }
});
