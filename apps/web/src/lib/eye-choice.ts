import {
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  observers,
  viewingDistances,
  type Observer,
  type ViewingDistance,
} from '@camo/shared/concealment';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

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

/** The remembered choice; anything we did not write (an old value, a hand edit) is the default. */
export function readSavedEye(storage: Storage | null): EyeChoice {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(EYE_STORAGE_KEY) ?? null;
  } catch {
    return defaultEye;
  }
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

export function saveEye(eye: EyeChoice, storage: Storage | null): void {
  try {
    storage?.setItem(EYE_STORAGE_KEY, JSON.stringify({ observer: eye.observer, distance: eye.distance }));
  } catch {
    // Private mode or a full quota: the choice holds for this page only.
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; eye: EyeChoice } | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice counts too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === EYE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The same object while the stored text is the same (useSyncExternalStore compares snapshots). */
function snapshot(): EyeChoice {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(EYE_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (!cached || cached.raw !== raw) cached = { raw, eye: readSavedEye(store) };
  return cached.eye;
}

/**
 * The remembered eye and a setter that remembers a new one for every page. The server, and the
 * browser while it hydrates, render the default (the server cannot read the browser's storage);
 * the saved choice follows at once after.
 */
export function useEyeChoice(): [EyeChoice, (eye: EyeChoice) => void] {
  const eye = useSyncExternalStore(subscribe, snapshot, () => defaultEye);
  const set = useCallback((next: EyeChoice) => {
    saveEye(next, storage());
    for (const listener of listeners) listener();
  }, []);
  return [eye, set];
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
