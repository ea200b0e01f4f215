import { observers, viewingDistances, type Observer, type ViewingDistance } from '@camo/shared/concealment';
import { GROUND_DEFAULT_DISTANCE, GROUND_DEFAULT_OBSERVER } from '@camo/shared/ground';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type GroundEye = { observer: Observer; distance: ViewingDistance };
export type GroundChoice = GroundEye & { photoId: string };

/** The URL's names: `?ground=<photo id>&observer=person&distance=10`, so reload and back keep the ranking. */
export const groundParamKeys = { photo: 'ground', observer: 'observer', distance: 'distance' } as const;

const PHOTO_ID = /^[0-9a-f-]{36}$/i;

/** The eye in a URL, the ground default (a person at 10 m) for anything we did not write. */
export function eyeFromParams(params: URLSearchParams): GroundEye {
  const observer = params.get(groundParamKeys.observer);
  const distance = Number(params.get(groundParamKeys.distance));
  return {
    observer: (observers as readonly string[]).includes(observer ?? '')
      ? (observer as Observer)
      : GROUND_DEFAULT_OBSERVER,
    distance: (viewingDistances as readonly number[]).includes(distance)
      ? (distance as ViewingDistance)
      : GROUND_DEFAULT_DISTANCE,
  };
}

/** The ground photo and eye a URL names, or null when it names none (or not a photo id). */
export function groundFromParams(params: URLSearchParams): GroundChoice | null {
  const photoId = params.get(groundParamKeys.photo) ?? '';
  return PHOTO_ID.test(photoId) ? { photoId, ...eyeFromParams(params) } : null;
}

/** `ground=…&observer=…&distance=…`, for a link to a design shown in the photo. */
export function groundSearch(choice: GroundChoice): string {
  return new URLSearchParams({
    [groundParamKeys.photo]: choice.photoId,
    [groundParamKeys.observer]: choice.observer,
    [groundParamKeys.distance]: String(choice.distance),
  }).toString();
}

/**
 * The ground photo and eye kept in the page's URL beside whatever else it holds (the gallery's
 * filters): choosing a photo is a new history entry (back returns to the usual gallery), changing
 * the eye replaces it.
 */
export function useGroundParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const ground = useMemo(() => groundFromParams(searchParams), [searchParams]);

  const setGround = useCallback(
    (choice: GroundChoice | null, options: { replace?: boolean } = {}) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of Object.values(groundParamKeys)) next.delete(key);
          if (choice)
            for (const [key, value] of new URLSearchParams(groundSearch(choice))) next.set(key, value);
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return { ground, setGround };
}
