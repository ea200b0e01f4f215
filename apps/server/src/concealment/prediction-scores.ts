import {
  DEFAULT_WEIGHTS,
  expectedHiddenSeconds,
  predictedHiding,
  predictedMedianSeconds,
  type ConcealmentMeasures,
  type PredictorWeights,
} from '@camo/camo-engine';
import type { CardHiding, Prediction } from '@camo/shared/concealment.schema';
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
 * The eye the gallery's "Hardest to spot" and the calibration compare with the game: a person, at
 * the nearest of the distances (a round's target is 14-26% of the picture's height, nearer than
 * 10 m at a phone's field of view; 10 m is the closest the predictor scores).
 */
export const GAME_EYE = { observer: 'person', distanceM: 10 } as const satisfies Pick<
  StoredEye,
  'observer' | 'distanceM'
>;

export function toPredictions(stored: StoredPrediction | undefined, active: ActiveWeights): Prediction[] {
  return (stored?.eyes ?? []).map(({ observer, distanceM, measures }) => ({
    observer,
    distanceM,
    hiding: measures ? predictedHiding(measures, active.weights) : null,
    medianSeconds:
      // The game measures people: seconds are predicted for a person's eye only.
      measures && active.calibrated && observer === 'person'
        ? Math.round(predictedMedianSeconds(measures, active.weights) * 10) / 10
        : null,
  }));
}

function gameEyeMeasures(stored: StoredPrediction | undefined): ConcealmentMeasures | null {
  return (
    stored?.eyes.find((e) => e.observer === GAME_EYE.observer && e.distanceM === GAME_EYE.distanceM)
      ?.measures ?? null
  );
}

/**
 * The design's place in "Hardest to spot": group 2 holds the game's scores (seconds hidden) and,
 * once calibrated, predictions mapped onto the same seconds; group 1 holds predictions (0-100)
 * while there is no calibration; group 0 designs not yet predicted. Higher first in each.
 */
export function hidingRank(
  design: { concealmentScore: number },
  final: StoredPrediction | undefined,
  active: ActiveWeights,
): { group: 0 | 1 | 2; rank: number } {
  if (design.concealmentScore >= 0) return { group: 2, rank: design.concealmentScore };
  const measures = gameEyeMeasures(final);
  if (!measures) return { group: 0, rank: -1 };
  return active.calibrated
    ? { group: 2, rank: Math.round(expectedHiddenSeconds(measures, active.weights) * 1000) / 1000 }
    : { group: 1, rank: predictedHiding(measures, active.weights) };
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
