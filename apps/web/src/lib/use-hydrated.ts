import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from then on
 * (and at once in a page the browser renders itself). For what only the browser knows, such as
 * its time zone: render the server's answer first, so hydration finds the same markup, then the
 * browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
