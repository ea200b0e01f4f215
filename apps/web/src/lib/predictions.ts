import type { Observer } from '@camo/shared/concealment';
import type { Prediction } from '@camo/shared/concealment.schema';

/** The prediction for one eye at one distance, if the reply has it. */
export function predictionFor(
  predictions: readonly Prediction[],
  observer: Observer,
  distance: number,
): Prediction | undefined {
  return predictions.find((p) => p.observer === observer && p.distanceM === distance);
}
