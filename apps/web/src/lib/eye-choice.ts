import {
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  observers,
  viewingDistances,
  type Observer,
  type ViewingDistance,
} from '@camo/shared/concealment';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { storedChoice } from './stored-choice';

/** Who a design hides from and how far: one choice the gallery, the design page and "my ground" share. */
export type EyeChoice = { observer: Observer; distance: ViewingDistance };

/** The one default (shared/concealment.ts says why: a deer at 25 m). */
export const defaultEye: EyeChoice = { observer: DEFAULT_OBSERVER, distance: DEFAULT_DISTANCE };

/** Where the browser remembers the choice across pages and visits. */
export const EYE_STORAGE_KEY = 'hiding-eye';

/** The URL's names, the same on every page that keeps the choice in its address. */
export const eyeParamKeys = { observer: 'observer', distance: 'distance' } as const;

function isObserver(value: unknown): value is Observer {
  return (observers as readonly unknown[]).includes(value);
}

function isDistance(value: unknown): value is ViewingDistance {
  return (viewingDistances as readonly unknown[]).includes(value);
}

/** The eye a URL names, each half that is not ours taken from `fallback`; null when it names neither. */
export function eyeFromParams(params: URLSearchParams, fallback: EyeChoice = defaultEye): EyeChoice | null {
  const observer = params.get(eyeParamKeys.observer);
  const distance = Number(params.get(eyeParamKeys.distance));
  const okObserver = isObserver(observer);
  const okDistance = isDistance(distance);
  if (!okObserver && !okDistance) return null;
  return {
    observer: okObserver ? observer : fallback.observer,
    distance: okDistance ? distance : fallback.distance,
  };
}

/** The remembered choice of its stored text; anything we did not write (an old value, a hand edit) is the default. */
export function parseSavedEye(raw: string | null): EyeChoice {
  if (!raw) return defaultEye;
  try {
    const value = JSON.parse(raw) as { observer?: unknown; distance?: unknown } | null;
    return {
      observer: isObserver(value?.observer) ? value.observer : defaultEye.observer,
      distance: isDistance(value?.distance) ? value.distance : defaultEye.distance,
    };
  } catch {
    return defaultEye;
  }
}

const writeEye = (eye: EyeChoice) => JSON.stringify({ observer: eye.observer, distance: eye.distance });
const useStoredEye = storedChoice<EyeChoice>(EYE_STORAGE_KEY, parseSavedEye, defaultEye);

/**
 * The remembered eye and a setter that remembers a new one for every page. The server, and the
 * browser while it hydrates, render the default (the server cannot read the browser's storage);
 * the saved choice follows at once after.
 */
export function useEyeChoice(): [EyeChoice, (eye: EyeChoice) => void] {
  return useStoredEye(writeEye);
}

/**
 * The eye a page keeps in its URL (so a link or a reload keeps it), else the remembered one:
 * choosing one remembers it for every page and puts it in the URL, replacing the entry.
 */
export function useEyeParam(): [EyeChoice, (eye: EyeChoice) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [saved, save] = useEyeChoice();
  const eye = useMemo(() => eyeFromParams(searchParams, saved) ?? saved, [searchParams, saved]);
  const set = useCallback(
    (next: EyeChoice) => {
      save(next);
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set(eyeParamKeys.observer, next.observer);
          params.set(eyeParamKeys.distance, String(next.distance));
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [save, setSearchParams],
  );
  return [eye, set];
}
