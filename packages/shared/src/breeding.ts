/**
 * How a breeding ground's generation is judged and chosen (decision 038): which designs are
 * judged, which survive to breed, and when the product may say breeding helped.
 */
import { generationMessages } from './generation.js';
import { HUNT_TIME_LIMIT_MS } from './hunt.js';
import { kaplanMeier, medianInterval, type MedianInterval, type SurvivalObservation } from './survival.js';

/** What breeding grounds' pages and answers say (no zod here: the pages import it). */
export const breedingMessages = {
  groundNotFound: 'Breeding ground not found.',
  designNotFound: 'Bred design not found.',
  needsAgreement: 'Please agree that your photo is shown in hide-and-seek rounds and on the ground’s page.',
  noPhoto: 'This design has no photo of its place to breed for.',
  photoNotFound: 'Ground photo not found.',
  /** The ground's own rounds, when the player has had every design of its current generation. */
  noRoundsLeft:
    'You have played every design of this generation. The next is drawn once enough players have played them all.',
  notJudging: 'This ground is drawing its next generation. Please try again in a minute.',
  claimBeaten: 'Bred designs now stay hidden longer than the best fresh design, beyond both intervals.',
  claimNotYet:
    'Breeding has not yet beaten the best fresh design by more than the uncertainty of both: no claim is made.',
  alreadyInGallery: 'This design is already in the gallery.',
  nameRequired: generationMessages.nameRequired,
} as const;

/** The two styles a ground can breed (the engine's designs A and B). */
export const breedingStyles = [
  { id: 'A', label: 'Organic' },
  { id: 'B', label: 'Digital' },
] as const;

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
  return [...generation].sort(byHiding).slice(0, keep);
}

/**
 * The control line's pick: of the fresh designs judged so far (random search at equal rounds a
 * design), the best by restricted mean time hidden, ties by id; null before one is judged. The pick
 * is carried into the next generation and judged again there, and the line shows it by those rounds
 * (decision 038), not by the ones that picked it.
 */
export function controlLine(controls: readonly JudgedDesign[]): JudgedDesign | null {
  return controls.filter((c) => c.judged).sort(byHiding)[0] ?? null;
}

/** Longest hidden first, ties by id, so a choice is the same whatever the order it is made in. */
const byHiding = (a: JudgedDesign, b: JudgedDesign) =>
  b.meanHiddenMs - a.meanHiddenMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Whether the product may say breeding helped: the bred line's median is above the control's by
 * more than both intervals (the bred interval's low bound above the control's high bound). Never
 * when a bound is unknown.
 */
export function breedingBeatsControl(bred: MedianInterval, control: MedianInterval): boolean {
  return bred.lowMs !== null && control.highMs !== null && bred.lowMs > control.highMs;
}

/** A round with its design, for estimating players' speed. */
export interface PlayedRound extends BreedingRound {
  designId: string;
}

/**
 * Each player's speed, as a shrunken offset on the log of their times to find (decision 038): a
 * player effect in log t = design + player + noise, estimated by partial pooling (Gelman & Hill
 * 2007, Data Analysis Using Regression and Multilevel/Hierarchical Models, ch. 12): a player's
 * mean residual from the designs' effects, times n / (n + k), with k the noise's variance over the
 * players' (1 to 50). Both variances come from the same model fitted without pooling, by moments:
 * a design seen mostly by fast players would otherwise pass their speed off as its own, and their
 * spread would look smaller than it is. Design and player effects are fitted in turn
 * (backfitting). Only found rounds inform it (an unfound round's time is the limit, not the
 * player's), and only on designs found at least twice. Positive: slower than the typical player.
 */
export function playerOffsets(rounds: readonly PlayedRound[]): Map<string, number> {
  const found = rounds.filter((r) => r.found && r.ms > 0).map((r) => ({ ...r, log: Math.log(r.ms) }));
  const perDesign = new Map<string, number>();
  for (const r of found) perDesign.set(r.designId, (perDesign.get(r.designId) ?? 0) + 1);
  const usable = found.filter((r) => (perDesign.get(r.designId) ?? 0) >= 2);
  const counts = new Map<string, number>();
  for (const r of usable) counts.set(r.playerId, (counts.get(r.playerId) ?? 0) + 1);
  const designs = new Set(usable.map((r) => r.designId)).size;
  if (counts.size < 2 || usable.length <= counts.size + designs)
    return new Map([...counts.keys()].map((id) => [id, 0]));
  // The players' spread and the noise from the two-way fit without pooling (each player's own
  // offset), whose players' offsets are not pulled toward the designs they saw most.
  const free = backfit(usable, 0);
  let noise = 0;
  for (const r of usable) noise += (r.log - free.design.get(r.designId)! - free.player.get(r.playerId)!) ** 2;
  noise /= usable.length - counts.size - designs + 1;
  const offsets = [...free.player.values()];
  const spread = offsets.reduce((sum, b) => sum + b * b, 0) / (offsets.length - 1);
  const meanInverseN = [...counts.values()].reduce((sum, n) => sum + 1 / n, 0) / counts.size;
  const k = Math.min(50, Math.max(1, noise / Math.max(1e-6, spread - noise * meanInverseN)));
  return backfit(usable, k).player;
}

/**
 * log t = design + player + noise, fitted by backfitting (design and player effects in turn), each
 * player's effect their mean residual times n / (n + k) (k = 0: their own), centred on 0.
 */
function backfit(
  rounds: readonly { playerId: string; designId: string; log: number }[],
  k: number,
): { design: Map<string, number>; player: Map<string, number> } {
  const player = new Map<string, number>(rounds.map((r) => [r.playerId, 0]));
  const design = new Map<string, number>();
  for (let pass = 0; pass < ITERATIONS; pass++) {
    const sums = new Map<string, [number, number]>();
    for (const r of rounds) {
      const [s, n] = sums.get(r.designId) ?? [0, 0];
      sums.set(r.designId, [s + r.log - player.get(r.playerId)!, n + 1]);
    }
    for (const [id, [s, n]] of sums) design.set(id, s / n);
    const residuals = new Map<string, [number, number]>();
    for (const r of rounds) {
      const [s, n] = residuals.get(r.playerId) ?? [0, 0];
      residuals.set(r.playerId, [s + r.log - design.get(r.designId)!, n + 1]);
    }
    const next = [...residuals].map(([id, [s, n]]): [string, number] => [id, (s / n) * (n / (n + k))]);
    const centre = next.reduce((sum, [, b]) => sum + b, 0) / next.length;
    for (const [id, b] of next) player.set(id, b - centre);
  }
  return { design, player };
}

/** Passes of the backfitting: it settles within this on the tests' rounds. */
const ITERATIONS = 50;

/** A round's time as the typical player's: a found round's time divided by exp(its player's offset). */
export function allowForSpeed<R extends BreedingRound>(round: R, offsets: ReadonlyMap<string, number>): R {
  const offset = offsets.get(round.playerId) ?? 0;
  return round.found ? { ...round, ms: round.ms * Math.exp(-offset) } : round;
}
