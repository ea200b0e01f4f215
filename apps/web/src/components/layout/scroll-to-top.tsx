import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: the page scrolls to top on every path change (not on query or hash changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
