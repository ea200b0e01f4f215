import { useEffect, useSyncExternalStore } from 'react';

let hydrating = false;

/** main.tsx, just before it hydrates a page the server rendered. */
export function startHydrating(): void {
  hydrating = true;
}

/**
 * True only while the browser hydrates the page the server rendered: a render must then produce
 * the server's markup, so it cannot read what only the browser has (its storage). Pages the
 * browser renders later, and every page it renders itself, see false.
 */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * Rendered once in the app (app/provider.tsx): its effect runs when the first render or hydration
 * has committed. `<html data-hydrated>` then tells a test that the page answers clicks.
 */
export function HydrationEnd(): null {
  useEffect(() => {
    hydrating = false;
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from then on
 * (and at once in a page the browser renders itself). For what only the browser knows, such as
 * its time zone: render the server's answer first, so hydration finds the same markup, then the
 * browser's. Unlike `isHydrating`, this renders its component again once hydrated: use it for
 * small parts of a page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** What a control needs to say that it cannot act yet: see `useControlReady`. */
export type ControlReadiness = { disabled: boolean; 'data-awaiting-app'?: '' };

/**
 * For the buttons, fields and selects of a page the server rendered: until the app has hydrated
 * it, a click would be lost and typing forgotten, so each control is disabled on its own (its
 * accessible state says so; no wrapper disables the page, which would also hide its structure
 * from assistive technology) and marked `data-awaiting-app`, which keeps its usual look for that
 * moment (styles/index.css) instead of flashing it dimmed. Links need none of this: they work
 * before the app does. Spread the result on the control, passing any reason of its own to be
 * disabled: `<button {...ready(saving)}>`.
 */
export function useControlReady(): (disabled?: boolean) => ControlReadiness {
  const hydrated = useHydrated();
  // A control disabled for a reason of its own looks disabled from the first paint.
  return (disabled = false) =>
    hydrated || disabled ? { disabled } : { disabled: true, 'data-awaiting-app': '' };
}
