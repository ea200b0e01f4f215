import type { Observer } from '@camo/shared/concealment';
import type { Light } from '@camo/shared/vocabulary';
import type { Prediction } from '@camo/shared/concealment.schema';

/** The prediction for one eye at one distance, if the reply has it. */
export function predictionFor(
  predictions: readonly Prediction[],
  observer: Observer,
  distance: number,
): Prediction | undefined {
  return predictions.find((p) => p.observer === observer && p.distanceM === distance);
}

/** The figures of one light (decision 034): a reply holds daylight's and, once measured, dawn or dusk's. */
export function inLight<T extends { light: Light }>(items: readonly T[], light: Light): T[] {
  return items.filter((item) => item.light === light);
}

/** The query asking for a light's figures: none for daylight, so its address stays as it was. */
export const lightQuery = (light: Light): string => (light === 'daylight' ? '' : `?light=${light}`);

/** Whether a reply with figures has none yet for dawn or dusk (measured when first asked for). */
export const duskMissing = (items: readonly { light: Light }[]): boolean =>
  items.length > 0 && !items.some((item) => item.light === 'twilight');
