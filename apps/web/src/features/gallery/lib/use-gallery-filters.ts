import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isHydrating } from '@/lib/hydration';
import {
  browserStorage,
  defaultFilters,
  filtersToSearchParams,
  initialFilters,
  isFilterParam,
  saveFilters,
  type GalleryFilters,
} from './gallery-filters';

/**
 * The gallery's filters, kept in the URL (so a link can be shared) and in localStorage (so a
 * returning visitor finds their last choice). The URL is the source of truth while on the page.
 *
 * While hydrating a page the server rendered, the URL's filters alone (the server cannot read the
 * browser's storage), so hydration needs no second pass; the effect then puts the saved filters
 * into a URL that names none.
 */
export function useGalleryFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(
    () => initialFilters(searchParams, isHydrating() ? null : browserStorage()),
    [searchParams],
  );

  // Write the effective filters back: the saved ones into a bare /gallery URL, a shared URL's into storage.
  useEffect(() => {
    const wanted = withOthers(
      filtersToSearchParams(initialFilters(searchParams, browserStorage())),
      searchParams,
    );
    if (wanted.toString() !== searchParams.toString()) setSearchParams(wanted, { replace: true });
    else saveFilters(filters, browserStorage());
  }, [filters, searchParams, setSearchParams]);

  const setFilters = useCallback(
    (change: Partial<GalleryFilters>) => {
      const next = { ...filters, ...change };
      saveFilters(next, browserStorage());
      setSearchParams((previous) => withOthers(filtersToSearchParams(next), previous));
    },
    [filters, setSearchParams],
  );

  const resetFilters = useCallback(() => {
    saveFilters(defaultFilters, browserStorage());
    setSearchParams((previous) => withOthers(filtersToSearchParams(defaultFilters), previous));
  }, [setSearchParams]);

  return { filters, setFilters, resetFilters };
}

/** The filters' params, then whatever else the URL holds that is not a filter (a ground photo's). */
function withOthers(filterParams: URLSearchParams, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(filterParams);
  for (const [key, value] of current) if (!isFilterParam(key)) next.append(key, value);
  return next;
}
