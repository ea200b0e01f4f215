import { GALLERY_SEARCH_MAX, type GallerySort } from '@camo/shared/community';
import { usStates } from '@camo/shared/states';
import { useEffect, useState, type FormEvent } from 'react';
import { galleryYears, monthNames, type GalleryFilters } from '../lib/gallery-filters';

type GalleryFilterBarProps = {
  filters: GalleryFilters;
  onChange: (change: Partial<GalleryFilters>) => void;
};

const sortOptions: { value: GallerySort; label: string }[] = [
  { value: 'votes', label: 'Most Popular' },
  { value: 'recent', label: 'Most Recent' },
];

export function GalleryFilterBar({ filters, onChange }: GalleryFilterBarProps) {
  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onChange({ q: search.trim() });
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Sort designs" className="flex flex-wrap gap-2">
        {sortOptions.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filters.sort === option.value}
            onClick={() => onChange({ sort: option.value })}
            className={`btn btn-sm ${filters.sort === option.value ? 'btn-primary' : 'btn-secondary'}`}
          >
            {option.label}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1">
          <span className="eyebrow">State</span>
          <select
            className="field-input"
            value={filters.state}
            onChange={(event) => onChange({ state: event.target.value })}
          >
            <option value="">All states</option>
            {usStates.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="eyebrow">Year</span>
          <select
            className="field-input"
            value={filters.year}
            onChange={(event) => onChange({ year: event.target.value })}
          >
            <option value="">All years</option>
            {galleryYears().map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="eyebrow">Month</span>
          <select
            className="field-input"
            value={filters.month}
            onChange={(event) => onChange({ month: event.target.value })}
          >
            <option value="">All months</option>
            {monthNames.map((month, index) => (
              <option key={month} value={String(index + 1)}>
                {month}
              </option>
            ))}
          </select>
        </label>
      </div>

      <form role="search" onSubmit={submitSearch} className="flex gap-2">
        <label htmlFor="gallery-search" className="sr-only">
          Search designs
        </label>
        <input
          id="gallery-search"
          type="search"
          className="field-input min-w-0 flex-1"
          placeholder="Search by design or designer name"
          maxLength={GALLERY_SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="btn btn-secondary btn-sm shrink-0">
          Search
        </button>
      </form>
    </div>
  );
}
