/**
 * How a breeding ground's generation is judged and chosen (decision 038): which designs are
 * judged, which survive to breed, and when the product may say breeding helped.
 */
import { HUNT_TIME_LIMIT_MS } from './hunt.js';
import { kaplanMeier, medianInterval, type MedianInterval, type SurvivalObservation } from './survival.js';

/** The settings' defaults (the server's BREEDING_POPULATION and BREEDING_JUDGES). */
export const breedingDefaults = {
  /** Designs bred in a generation (CamoEvo's generations are 24; a small community turns 16 over sooner). */
  population: 16,
  /** Different players who must have had a round with a design before it is judged (Egglab's five). */
  judges: 5,
  /** The share of a judged generation that survives to breed the next and is judged again (CamoEvo's third). */
  survivorShare: 1 / 3,
} as const;

/** One round of a design in a ground: its player and how long the target stayed hidden. */
export interface BreedingRound extends SurvivalObservation {
  playerId: string;
}

export interface JudgedDesign {
  id: string;
  /** Distinct players who had a round with it. */
  players: number;
  /** Judged: at least `judges` distinct players. */
  judged: boolean;
  /** The restricted mean time hidden (ms, up to the round's limit): what survival ranks by. */
  meanHiddenMs: number;
  interval: MedianInterval;
}

/**
 * A design's judgement from its rounds: one round a player counts (their first, as the game
 * serves a player a design once), so no account moves it by more than one round's worth.
 */
export function judge(
  id: string,
  rounds: readonly BreedingRound[],
  judges: number = breedingDefaults.judges,
): JudgedDesign {
  const seen = new Set<string>();
  const counted = rounds.filter((r) => !seen.has(r.playerId) && seen.add(r.playerId));
  const km = kaplanMeier(counted, HUNT_TIME_LIMIT_MS);
  return {
    id,
    players: seen.size,
    judged: seen.size >= judges,
    meanHiddenMs: km.meanHiddenMs,
    interval: medianInterval(counted, HUNT_TIME_LIMIT_MS),
  };
}

/**
 * The designs that survive to breed: the best `share` (at least two, so there is a pair) by
 * restricted mean time hidden, ties by id so the choice is the same every time; null until every
 * design of the generation is judged.
 */
export function survivors(
  generation: readonly JudgedDesign[],
  share: number = breedingDefaults.survivorShare,
): JudgedDesign[] | null {
  if (generation.length === 0 || generation.some((d) => !d.judged)) return null;
  const keep = Math.min(generation.length, Math.max(2, Math.ceil(share * generation.length)));
  return [...generation]
    .sort((a, b) => b.meanHiddenMs - a.meanHiddenMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, keep);
}

/**
 * The control line at a generation: of the fresh designs judged so far (random search at equal
 * rounds a design), the best by restricted mean time hidden, with its median and interval; null
 * before one is judged.
 */
export function controlLine(controls: readonly JudgedDesign[]): JudgedDesign | null {
  const judged = controls.filter((c) => c.judged);
  if (judged.length === 0) return null;
  return judged.reduce((best, c) => (c.meanHiddenMs > best.meanHiddenMs ? c : best));
}

/**
 * Whether the product may say breeding helped: the bred line's median is above the control's by
 * more than both intervals (the bred interval's low bound above the control's high bound). Never
 * when a bound is unknown.
 */
export function breedingBeatsControl(bred: MedianInterval, control: MedianInterval): boolean {
  return bred.lowMs !== null && control.highMs !== null && bred.lowMs > control.highMs;
}
