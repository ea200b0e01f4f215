import { useCallback, useSyncExternalStore } from 'react';

/**
 * A choice the browser remembers across pages, visits and tabs (localStorage under `key`), as a
 * React hook. `read` turns the stored text (or null) into a value, giving the default for anything
 * we did not write; the server, and the browser while it hydrates, render `fallback`.
 */
export function storedChoice<T>(key: string, read: (raw: string | null) => T, fallback: T) {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;

  const storage = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      return null;
    }
  };

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab's choice counts too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  /** The same object while the stored text is the same (useSyncExternalStore compares snapshots). */
  function snapshot(): T {
    let raw: string | null = null;
    try {
      raw = storage()?.getItem(key) ?? null;
    } catch {
      raw = null;
    }
    if (!cached || cached.raw !== raw) cached = { raw, value: read(raw) };
    return cached.value;
  }

  function save(text: string): void {
    try {
      storage()?.setItem(key, text);
    } catch {
      // Private mode or a full quota: the choice holds for this page only.
    }
    for (const listener of listeners) listener();
  }

  return function useStoredChoice(write: (value: T) => string): [T, (value: T) => void] {
    const value = useSyncExternalStore(subscribe, snapshot, () => fallback);
    const set = useCallback((next: T) => save(write(next)), [write]);
    return [value, set];
  };
}
