import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec §2: the page scrolls to top on every path change (not on query or hash changes). Not when
 * the app starts: a page the server rendered may have been scrolled before it hydrated, and the
 * browser puts a new or reloaded page where it belongs.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
