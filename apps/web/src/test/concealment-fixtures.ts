import { observers, viewingDistances, type Observer } from '@camo/shared/concealment';
import type { Prediction } from '@camo/shared/concealment.schema';

/**
 * Predictions for both eyes at 10, 25, 50 and 100 m: `hiding[observer]` lists the four values in
 * that order (null: out of range there); `medianSeconds` applies to every one.
 */
export function makePredictions(
  hiding: Record<Observer, readonly (number | null)[]>,
  medianSeconds: number | null = null,
): Prediction[] {
  return observers.flatMap((observer) =>
    viewingDistances.map((distanceM, i) => ({
      observer,
      distanceM,
      light: 'daylight' as const,
      hiding: hiding[observer][i] ?? null,
      se: hiding[observer][i] === null ? null : 2,
      outOfRange: hiding[observer][i] === null ? ('too-small' as const) : null,
      at: hiding[observer][i] === null ? null : { x: 0.5, y: 0.7, height: 0.1 },
      ground: 'view' as const,
      limitedByPhoto: false,
      medianSeconds,
    })),
  );
}

export const jsonReply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
