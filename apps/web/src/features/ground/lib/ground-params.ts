import type { Observer, ViewingDistance } from '@camo/shared/concealment';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultEye,
  eyeFromParams as namedEye,
  eyeParamKeys,
  useEyeChoice,
  type EyeChoice,
} from '@/lib/eye-choice';

export type GroundEye = { observer: Observer; distance: ViewingDistance };
export type { EyeChoice };
export type GroundChoice = GroundEye & { photoId: string };

/**
 * The URL's names: `?ground=<photo id>&observer=person&distance=10`, so reload and back keep the
 * ranking; the eye's names are every page's (lib/eye-choice.ts).
 */
export const groundParamKeys = { photo: 'ground', ...eyeParamKeys } as const;

const PHOTO_ID = /^[0-9a-f-]{36}$/i;

/** The eye in a URL, else `fallback` (the remembered choice; the pages' one default on the server). */
export function eyeFromParams(params: URLSearchParams, fallback: EyeChoice = defaultEye): GroundEye {
  return namedEye(params, fallback) ?? fallback;
}

/** The ground photo and eye a URL names, or null when it names none (or not a photo id). */
export function groundFromParams(
  params: URLSearchParams,
  fallback: EyeChoice = defaultEye,
): GroundChoice | null {
  const photoId = params.get(groundParamKeys.photo) ?? '';
  return PHOTO_ID.test(photoId) ? { photoId, ...eyeFromParams(params, fallback) } : null;
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
  const [saved, saveEye] = useEyeChoice();
  const ground = useMemo(() => groundFromParams(searchParams, saved), [searchParams, saved]);

  const setGround = useCallback(
    (choice: GroundChoice | null, options: { replace?: boolean } = {}) => {
      // The eye is the one every page remembers (issue 39).
      if (choice) saveEye({ observer: choice.observer, distance: choice.distance });
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of Object.values(groundParamKeys)) next.delete(key);
          if (choice)
            for (const [key, value] of new URLSearchParams(groundSearch(choice))) next.set(key, value);
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [setSearchParams, saveEye],
  );
  return { ground, setGround, savedEye: saved };
}
