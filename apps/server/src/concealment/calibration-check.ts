/**
 * The calibration that checks itself (issue 39, decision 029), pure: the time model fitted to the
 * game's rounds with each player's own speed and the target's angular size, and its agreement with
 * the game judged on designs it did not see (whole photos left out), beside a baseline that knows
 * only the mean-colour difference and is fitted the same way.
 */
import { expectedMinSeconds, MEASURE_NAMES, type PredictorWeights, mulberry32 } from '@camo/camo-engine';
import { CALIBRATION_CHECK_MIN_DESIGNS } from '@camo/shared/concealment';
import { concealmentScore, spearman } from '../hunt/hunt-statistics.js';
import { designMeansAndDifferences, fitCensoredMixed, pairwiseAgreement } from './calibration.js';
import type { PredictorAgreement } from '../platform/db/types.js';

/** Mulberry32 (the engine's), so a run is the same every time. */
const random = mulberry32;

/** The angular height the fitted intercept is at: the size term is ln(degrees / 10). */
export const SIZE_REFERENCE_DEG = 10;

/** A round as the calibration reads it. */
export interface CalibrationRound {
  id?: string;
  design: string;
  /** The key of the design's own photo: the unit left out together. */
  photo: string;
  player: string;
  /** The round's measures, in MEASURE_NAMES' order. */
  measures: readonly number[];
  /** The target's angular height in degrees, as the round showed it. */
  targetDeg: number;
  seconds: number;
  found: boolean;
  /** weighPlayers' weight (decision 026). */
  weight?: number;
}

/** The model fitted: weights as the predictor uses them, and the parts of its noise. */
export interface TimeModel {
  /** The design's weights (on its mean measures), the size term, sigma for a player not known. */
  weights: PredictorWeights;
  /** The SD of the players' own speeds and of a round about its player's, log seconds. */
  playerSd: number;
  roundSd: number;
}

/**
 * A figure with its 95% interval (a bootstrap over photos) and what it stands on: held-out designs
 * with a game score, their pairs (ties left out) and photos. The shape kept in predictor_fits.
 */
export type Agreement = PredictorAgreement;

export interface CalibrationCheck {
  fitted: Agreement;
  /** The mean-colour difference alone (with the size and the players), fitted the same way. */
  baseline: Agreement;
  /** The fitted weights order held-out designs better than the baseline: only then are they used. */
  beatsBaseline: boolean;
  folds: number;
}

const ALL = MEASURE_NAMES.map((_, j) => j);
/** The baseline's one measure: the mean-colour difference (CIEDE2000 of the means, L* equal). */
const COLOUR = [MEASURE_NAMES.indexOf('colourContrast')];

/**
 * The time model on `columns` of the measures: the designs' mean measures (their weights are the
 * design's), the rounds' differences from them, ln(angular height / 10 degrees), each player's
 * speed as a random intercept (calibration.ts#fitCensoredMixed).
 */
export function fitTimeModel(
  rounds: readonly CalibrationRound[],
  columns: readonly number[] = ALL,
): TimeModel {
  const { x } = designMeansAndDifferences(
    rounds.map((r) => ({ design: r.design, x: columns.map((j) => r.measures[j]!) })),
  );
  const fit = fitCensoredMixed(
    rounds.map((r, i) => ({
      x: [...x[i]!, Math.log(r.targetDeg / SIZE_REFERENCE_DEG)],
      seconds: r.seconds,
      found: r.found,
      weight: r.weight,
      player: r.player,
    })),
  );
  const k = columns.length;
  const weights = Object.fromEntries(MEASURE_NAMES.map((name) => [name, 0])) as PredictorWeights['weights'];
  columns.forEach((j, c) => (weights[MEASURE_NAMES[j]!] = fit.coefficients[c]!));
  return {
    weights: {
      intercept: fit.intercept,
      weights,
      // A player the model does not know: their speed is one more noise.
      sigma: Math.hypot(fit.sigma, fit.playerSd),
      size: { coefficient: fit.coefficients[2 * k]!, referenceDeg: SIZE_REFERENCE_DEG },
    },
    playerSd: fit.playerSd,
    roundSd: fit.sigma,
  };
}

/**
 * A design's expected seconds hidden (up to 15 s) as its rounds showed it to players the model
 * does not know: its mean measures, each round's own angular size.
 */
export function predictDesign(model: TimeModel, rounds: readonly CalibrationRound[]): number {
  const w = model.weights;
  const mean = MEASURE_NAMES.map((_, j) => rounds.reduce((a, r) => a + r.measures[j]!, 0) / rounds.length);
  let linear = w.intercept;
  MEASURE_NAMES.forEach((name, j) => (linear += w.weights[name] * mean[j]!));
  const size = w.size?.coefficient ?? 0;
  return (
    rounds.reduce(
      (a, r) => a + expectedMinSeconds(linear + size * Math.log(r.targetDeg / SIZE_REFERENCE_DEG), w.sigma),
      0,
    ) / rounds.length
  );
}

/** A string's FNV-1a hash: a photo's fold does not depend on the order the rounds came in. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** The indices of `items` in clusters by `key`, each cluster in the order its items come. */
export function clustersOf<T>(items: readonly T[], key: (item: T) => string): number[][] {
  const clusters = new Map<string, number[]>();
  items.forEach((item, i) => clusters.set(key(item), [...(clusters.get(key(item)) ?? []), i]));
  return [...clusters.values()];
}

/** One cluster-bootstrap draw: as many clusters as there are, drawn with replacement, their indices. */
export function resampleClusters(clusters: readonly number[][], next: () => number): number[] {
  return Array.from(
    { length: clusters.length },
    () => clusters[Math.floor(next() * clusters.length)]!,
  ).flat();
}

/**
 * Agreement between predicted and measured over designs grouped by photo, with the 2.5-97.5%
 * percentiles of `resamples` bootstrap draws of whole photos (the unit left out together).
 */
export function agreementOf(
  designs: readonly { photo: string; predicted: number; measured: number }[],
  resamples = 400,
  seed = 29,
): Agreement {
  const predicted = designs.map((d) => d.predicted);
  const measured = designs.map((d) => d.measured);
  const pairwise = pairwiseAgreement(predicted, measured);
  let pairs = 0;
  for (let i = 0; i < designs.length; i++)
    for (let j = i + 1; j < designs.length; j++)
      if (predicted[i] !== predicted[j] && measured[i] !== measured[j]) pairs++;
  const photos = clustersOf(designs, (d) => d.photo);
  const next = random(seed);
  const draws: { p: number[]; r: number[] } = { p: [], r: [] };
  if (photos.length >= 2)
    for (let b = 0; b < resamples; b++) {
      const picked = resampleClusters(photos, next);
      const p = pairwiseAgreement(
        picked.map((i) => predicted[i]!),
        picked.map((i) => measured[i]!),
      );
      const r = spearman(
        picked.map((i) => predicted[i]!),
        picked.map((i) => measured[i]!),
      );
      if (p !== null) draws.p.push(p);
      if (r !== null && Number.isFinite(r)) draws.r.push(r);
    }
  const interval = (v: number[]): [number, number] | null => {
    if (v.length < 20) return null;
    const s = [...v].sort((a, b) => a - b);
    return [quantile(s, 0.025), quantile(s, 0.975)];
  };
  return {
    pairwiseAgreement: pairwise,
    pairwiseInterval: interval(draws.p),
    spearman: spearman(predicted, measured),
    spearmanInterval: interval(draws.r),
    designs: designs.length,
    pairs,
    photos: photos.length,
  };
}

/**
 * Leave whole photos out: the photos fall into up to `folds` folds by a hash of their key; each
 * fold's designs are predicted by the model fitted without any round of a design from its photos,
 * and compared with their game score (Kaplan-Meier over their own rounds, the game's rule:
 * hunt-statistics.ts#concealmentScore). The same for the mean-colour baseline.
 */
export function crossValidate(rounds: readonly CalibrationRound[], folds = 10): CalibrationCheck {
  const photos = [...new Set(rounds.map((r) => r.photo))];
  const k = Math.min(folds, photos.length);
  const foldOf = new Map(photos.map((p) => [p, hash(p) % Math.max(1, k)]));
  const byDesign = new Map<string, CalibrationRound[]>();
  for (const r of rounds) byDesign.set(r.design, [...(byDesign.get(r.design) ?? []), r]);
  const scored = [...byDesign].flatMap(([design, own]) => {
    const score = concealmentScore(
      own.map((r) => ({ elapsedMs: r.seconds * 1000, found: r.found, playerId: r.player })),
    );
    return score >= 0 ? [{ design, own, photo: own[0]!.photo, score }] : [];
  });
  type Held = { photo: string; predicted: number; measured: number };
  const held: { fitted: Held[]; baseline: Held[] } = { fitted: [], baseline: [] };
  for (let f = 0; f < k; f++) {
    const test = scored.filter((d) => foldOf.get(d.photo) === f);
    const train = rounds.filter((r) => foldOf.get(r.photo) !== f);
    if (test.length === 0 || new Set(train.map((r) => r.design)).size < 3) continue;
    const fitted = fitTimeModel(train);
    const baseline = fitTimeModel(train, COLOUR);
    for (const d of test) {
      held.fitted.push({ photo: d.photo, predicted: predictDesign(fitted, d.own), measured: d.score });
      held.baseline.push({ photo: d.photo, predicted: predictDesign(baseline, d.own), measured: d.score });
    }
  }
  const fitted = agreementOf(held.fitted);
  const baseline = agreementOf(held.baseline);
  return {
    fitted,
    baseline,
    beatsBaseline:
      fitted.designs >= CALIBRATION_CHECK_MIN_DESIGNS &&
      fitted.pairwiseAgreement !== null &&
      baseline.pairwiseAgreement !== null &&
      fitted.pairwiseAgreement > baseline.pairwiseAgreement,
    folds: k,
  };
}
