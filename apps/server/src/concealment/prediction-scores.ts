import { GAME_EYE } from '@camo/shared/concealment';
import {
  DEFAULT_WEIGHTS,
  meanAndError,
  reliableGap,
  expectedHiddenSeconds,
  predictedMedianSeconds,
  targetDegrees,
  type ConcealmentMeasures,
  type PredictorWeights,
} from '@camo/camo-engine';
import type { CardHiding, HidingGap, Prediction } from '@camo/shared/concealment.schema';
import type { Light } from '@camo/shared/vocabulary';
import type { StoredEye, StoredPrediction } from '../platform/db/types.js';

export type { DesignPredictions, StoredEye, StoredPrediction } from '../platform/db/types.js';

/**
 * Stored measures to the figures people see, pure. The measures of a design in its photo are kept
 * (per observer and distance) and the weights applied when read, so a new calibration re-scores
 * every design without measuring anything again (decision 017).
 */

/** The weights in use: a calibration's when one is, the literature's defaults before. */
export interface ActiveWeights {
  weights: PredictorWeights;
  calibrated: boolean;
}

export const defaultWeights: ActiveWeights = { weights: DEFAULT_WEIGHTS, calibrated: false };

/**
 * The version of a stored prediction made now (StoredPrediction.version): older ones are measured
 * again. 5: a repeat under 8 px is drawn at its size, not at 8 px (decision 035). 6: a person's
 * colour detail coarser than their luminance detail (S-CIELAB, decision 036). 7: each eye at
 * its own working scale in visual angle, through its contrast sensitivity, GabRat at its acuity,
 * the stored photo as the detail copy, and the design drawn without aliasing (decision 037). 8: a
 * deer's crop shrunk a pixel or two to fit its 64 px transform (decision 037's addendum).
 */
export const PREDICTION_VERSION = 8;

/** One eye at one distance, in a light (daylight unless told). */
export type Eye = Pick<StoredEye, 'observer' | 'distanceM' | 'light'>;

/** A stored eye's light: daylight where none is named (decision 034). */
export const lightOf = (eye: Pick<StoredEye, 'light'>): Light => eye.light ?? 'daylight';

/** A figure on one of two scales: 0-100 predicted hiding, or (calibrated) expected seconds hidden. */
/** The eye's distance sets the hunter's angular height, the time model's size term (decision 029). */
type Scale = (m: ConcealmentMeasures, w: PredictorWeights, distanceM: number) => number;
const hidingScale: Scale = (m, w, d) => (100 * expectedHiddenSeconds(m, w, targetDegrees(d))) / 15;
const secondsScale: Scale = (m, w, d) => expectedHiddenSeconds(m, w, targetDegrees(d));

/** The mean of a scale over an eye's samples and its standard error; a single value without samples. */
function summarise(
  eye: StoredEye,
  active: ActiveWeights,
  scale: Scale,
): { value: number; se: number | null } | null {
  if (!eye.measures) return null;
  const samples = eye.samples;
  if (!samples || samples.length < 2)
    return { value: scale(eye.measures, active.weights, eye.distanceM), se: null };
  // The error over the places the samples stand at (decision 028: samples at one place share its ground).
  const { mean, se } = meanAndError(
    samples.map((m) => scale(m, active.weights, eye.distanceM)),
    eye.places ?? samples.length,
  );
  return { value: mean, se };
}

function eyeOf(stored: StoredPrediction | undefined, eye: Eye): StoredEye | undefined {
  return stored?.eyes.find(
    (e) => e.observer === eye.observer && e.distanceM === eye.distanceM && lightOf(e) === lightOf(eye),
  );
}

/** A design image's predicted hiding (0-100) at one eye and distance, with its standard error. */
export function figureAt(
  stored: StoredPrediction | undefined,
  active: ActiveWeights,
  eye: Eye,
): { hiding: number; se: number | null } | null {
  const found = eyeOf(stored, eye);
  const s = found && summarise(found, active, hidingScale);
  return s ? { hiding: s.value, se: s.se } : null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function toPredictions(stored: StoredPrediction | undefined, active: ActiveWeights): Prediction[] {
  return (stored?.eyes ?? []).map((eye) => {
    const figure = figureAt(stored, active, eye);
    return {
      observer: eye.observer,
      distanceM: eye.distanceM,
      light: lightOf(eye),
      hiding: figure ? Math.max(0, Math.min(100, Math.round(figure.hiding))) : null,
      se: figure?.se === null || !figure ? null : round1(figure.se),
      outOfRange: figure ? null : (eye.outOfRange ?? null),
      at: eye.viewerAt ?? null,
      ground: eye.ground ?? null,
      limitedByPhoto: eye.limitedByPhoto ?? false,
      medianSeconds:
        // The game measures people: seconds are predicted for a person's eye only.
        eye.measures && active.calibrated && eye.observer === 'person'
          ? round1(predictedMedianSeconds(eye.measures, active.weights, targetDegrees(eye.distanceM)))
          : null,
    };
  });
}

/**
 * A against B at every eye both were measured at on the same samples (the same photo, so the same
 * placements and phases in the same order): the mean of the paired differences of predicted
 * hiding, its standard error over the places, and whether it is reliable (decision 028: more than
 * 2.8 standard errors and at least 2 points; the engine's reliableGap).
 */
export function gapsBetween(
  a: StoredPrediction | undefined,
  b: StoredPrediction | undefined,
  active: ActiveWeights,
): HidingGap[] {
  const gaps: HidingGap[] = [];
  for (const eyeA of a?.eyes ?? []) {
    const eyeB = eyeOf(b, eyeA);
    const sa = eyeA.samples;
    const sb = eyeB?.samples;
    if (!eyeA.measures || !eyeB?.measures || !sa || !sb || sa.length !== sb.length || sa.length < 2) continue;
    const d = sa.map(
      (m, i) =>
        hidingScale(m, active.weights, eyeA.distanceM) - hidingScale(sb[i]!, active.weights, eyeA.distanceM),
    );
    const { mean, se } = meanAndError(d, eyeA.places ?? d.length);
    gaps.push({
      observer: eyeA.observer,
      distanceM: eyeA.distanceM,
      light: lightOf(eyeA),
      difference: round1(mean),
      se: round1(se),
      reliable: reliableGap(mean, se),
    });
  }
  return gaps;
}

/**
 * The design's place in "Hardest to spot" at one eye and distance (the game's eye by default): group
 * 2 holds the game's scores (seconds hidden, at the game's eye only) and, once calibrated,
 * predictions mapped onto the same seconds; group 1 holds predictions (0-100) while there is no
 * calibration; group 0 designs not yet predicted (or out of range at that eye). Higher first in
 * each; `se` is the figure's standard error on the same scale, null for the game's own score.
 */
export function hidingRank(
  design: { concealmentScore: number },
  final: StoredPrediction | undefined,
  active: ActiveWeights,
  eye: Eye = GAME_EYE,
): { group: 0 | 1 | 2; rank: number; se: number | null } {
  const gameEye = eye.observer === GAME_EYE.observer && eye.distanceM === GAME_EYE.distanceM;
  if (gameEye && design.concealmentScore >= 0) return { group: 2, rank: design.concealmentScore, se: null };
  const found = eyeOf(final, eye);
  const s = found && summarise(found, active, active.calibrated ? secondsScale : hidingScale);
  if (!s) return { group: 0, rank: -1, se: null };
  return {
    group: active.calibrated ? 2 : 1,
    rank: Math.round(s.value * 1000) / 1000,
    se: s.se === null ? null : Math.round(s.se * 1000) / 1000,
  };
}

/** A gallery card's hiding figure, from the design's stored rank and the game's own count. */
export function cardHiding(row: {
  concealmentScore: number;
  huntAnswered: number;
  hidingGroup: number;
  hidingRank: number;
}): CardHiding {
  if (row.concealmentScore >= 0)
    return {
      source: 'measured',
      value: Math.round(row.concealmentScore * 10) / 10,
      rounds: row.huntAnswered,
      calibrated: false,
    };
  if (row.hidingGroup === 0) return null;
  return {
    source: 'predicted',
    value: Math.round(row.hidingRank * 10) / 10,
    rounds: 0,
    calibrated: row.hidingGroup === 2,
  };
}
