import type { GalleryQuery } from '@camo/shared/community.schema';
import { gallerySorts, type GallerySort } from '@camo/shared/community';
import { stateName } from '@camo/shared/states';

/** What the gallery shows; '' means "any". */
export type GalleryFilters = {
  sort: GallerySort;
  state: string;
  year: string;
  month: string;
  q: string;
};

export const defaultFilters: GalleryFilters = { sort: 'votes', state: '', year: '', month: '', q: '' };

/** Spec §9: the filters persist locally under exactly these keys (search text is not among them). */
export const filterStorageKeys = {
  sort: 'gallery-sortBy',
  state: 'gallery-filterRegion',
  year: 'gallery-filterYear',
  month: 'gallery-filterMonth',
} as const;

type StoredFilter = keyof typeof filterStorageKeys;
const storedFilters = Object.keys(filterStorageKeys) as StoredFilter[];

/** The URL's names for the filters, the same as the API's query. */
const urlKeys = { sort: 'sort', state: 'state', year: 'year', month: 'month', q: 'q' } as const;

/** A value we did not write (an old key, a hand-edited URL) falls back to "any" rather than a 400. */
function clean(field: keyof GalleryFilters, raw: string | null): string {
  const value = (raw ?? '').trim();
  if (!value) return '';
  switch (field) {
    case 'sort':
      return (gallerySorts as readonly string[]).includes(value) ? value : '';
    case 'state':
      return stateName(value.toUpperCase()) ? value.toUpperCase() : '';
    case 'year':
      return /^\d{4}$/.test(value) ? value : '';
    case 'month':
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12
        ? String(Number(value))
        : '';
    case 'q':
      return value.slice(0, 100);
  }
}

function build(read: (field: keyof GalleryFilters) => string | null): GalleryFilters {
  return {
    sort: (clean('sort', read('sort')) || defaultFilters.sort) as GallerySort,
    state: clean('state', read('state')),
    year: clean('year', read('year')),
    month: clean('month', read('month')),
    q: clean('q', read('q')),
  };
}

/** Whether a URL parameter is one of the filters' (others, such as a ground photo's, are left alone). */
export function isFilterParam(key: string): boolean {
  return (Object.values(urlKeys) as string[]).includes(key);
}

function hasAnyFilter(params: URLSearchParams): boolean {
  return Object.values(urlKeys).some((key) => params.has(key));
}

/** A shared link wins: when the URL names any filter, the URL alone decides; otherwise the saved filters. */
export function initialFilters(params: URLSearchParams, storage: Storage | null): GalleryFilters {
  if (hasAnyFilter(params)) return build((field) => params.get(urlKeys[field]));
  return build((field) => (field === 'q' ? null : safeGet(storage, filterStorageKeys[field])));
}

export function filtersToSearchParams(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set(urlKeys.sort, filters.sort);
  for (const field of ['state', 'year', 'month', 'q'] as const) {
    if (filters[field]) params.set(urlKeys[field], filters[field]);
  }
  return params;
}

export function saveFilters(filters: GalleryFilters, storage: Storage | null): void {
  for (const field of storedFilters) {
    try {
      if (filters[field]) storage?.setItem(filterStorageKeys[field], filters[field]);
      else storage?.removeItem(filterStorageKeys[field]);
    } catch {
      // Private mode or a full quota: the URL still carries the filters.
    }
  }
}

export function filtersToQuery(
  filters: GalleryFilters,
): Omit<GalleryQuery, 'cursor' | 'observer' | 'distance'> {
  return {
    sort: filters.sort,
    state: filters.state || undefined,
    year: filters.year ? Number(filters.year) : undefined,
    month: filters.month ? Number(filters.month) : undefined,
    q: filters.q || undefined,
  };
}

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export { monthNames } from '@/lib/format';

/** The gallery opened in 2025; every year since, newest first. */
export function galleryYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = Math.max(now.getUTCFullYear(), 2025); y >= 2025; y -= 1) years.push(y);
  return years;
}
