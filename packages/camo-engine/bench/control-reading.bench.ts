/* eslint-disable import-x/no-restricted-paths -- a bench script, not the engine: it measures the
   shared judging rules, and nothing of it ships with the engine. */
import { controlLine, judge, type BreedingRound } from '@camo/shared/breeding';
/* eslint-enable import-x/no-restricted-paths */
import { mulberry32 } from '../src/index.js';

/**
 * Why a breeding ground's control line reads its pick by new rounds, adding up (decision 038): the
 * figures the decision gives, from the game's own judging. Rounds of a design: log-normal times of
 * SD 0.8 about a 2.65 s median, misses at 0.1 a second (the third ends the round unfound), the
 * round's 15 s limit.
 *
 * 1. The winner's curse: of N equal designs judged by five rounds each, the best-looking one's own
 *    median over the true one (geometric mean of 2,000 draws).
 * 2. How many rounds bound a median from above: the share of 1,000 draws of n rounds whose 95%
 *    interval (Brookmeyer-Crowley, as the ground's page draws it) has an upper bound.
 *
 *   npx tsx packages/camo-engine/bench/control-reading.bench.ts
 */
const TRUE_MS = 2650;

function rounds(n: number, rand: () => number): BreedingRound[] {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return Array.from({ length: n }, (_, p) => {
    const findMs = TRUE_MS * Math.exp(0.8 * gauss());
    let missMs = 0;
    for (let k = 0; k < 3; k++) missMs -= (1000 * Math.log(1 - rand())) / 0.1;
    return {
      playerId: `p${p}`,
      ms: Math.round(Math.min(findMs, missMs, 15_000)),
      found: findMs <= Math.min(missMs, 15_000),
    };
  });
}

const curse = mulberry32(11);
for (const n of [4, 20, 40]) {
  const draws = 2000;
  let logRatio = 0;
  for (let d = 0; d < draws; d++) {
    const designs = Array.from({ length: n }, (_, k) => judge(`d${k}`, rounds(5, curse)));
    logRatio += Math.log((controlLine(designs)!.interval.medianMs ?? 15_000) / TRUE_MS);
  }
  console.log(
    `the best of ${n} equal designs, five rounds each: its own median ${Math.exp(logRatio / draws).toFixed(2)} times the true one`,
  );
}
const bound = mulberry32(12);
for (const n of [5, 10, 15, 20, 40]) {
  let known = 0;
  for (let d = 0; d < 1000; d++) if (judge('d', rounds(n, bound)).interval.highMs !== null) known++;
  console.log(`${n} rounds: the median's upper bound known in ${(known / 10).toFixed(1)}% of 1,000 draws`);
}
