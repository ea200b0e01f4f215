import { GALLERY_SEARCH_MAX, type GallerySort } from '@camo/shared/community';
import { usStates } from '@camo/shared/states';
import { useEffect, useState, type FormEvent } from 'react';
import { useControlReady } from '@/lib/hydration';
import { groundText } from '@camo/shared/ground';
import { galleryYears, monthNames, type GalleryFilters } from '../lib/gallery-filters';

type GalleryFilterBarProps = {
  filters: GalleryFilters;
  onChange: (change: Partial<GalleryFilters>) => void;
  /**
   * A ground photo's ranking is on: its order is the photo's and it has no search, so only the
   * state, year and month show.
   */
  ranked?: boolean;
};

const sortOptions: { value: GallerySort; label: string }[] = [
  { value: 'votes', label: 'Most Popular' },
  { value: 'recent', label: 'Most Recent' },
  { value: 'hiding', label: 'Hardest to spot' },
  { value: 'versatile', label: groundText.sortLabel },
];

export function GalleryFilterBar({ filters, onChange, ranked = false }: GalleryFilterBarProps) {
  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  const ready = useControlReady();

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onChange({ q: search.trim() });
  }

  return (
    <div className="flex flex-col gap-4">
      {!ranked && (
        <div role="group" aria-label="Sort designs" className="flex flex-wrap gap-2">
          {sortOptions.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filters.sort === option.value}
              {...ready()}
              onClick={() => onChange({ sort: option.value })}
              className={`btn btn-sm ${filters.sort === option.value ? 'btn-primary' : 'btn-secondary'}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FilterSelect
          label="State"
          any="All states"
          value={filters.state}
          options={usStates.map((state) => ({ value: state.code, label: state.name }))}
          onChange={(state) => onChange({ state })}
        />
        <FilterSelect
          label="Year"
          any="All years"
          value={filters.year}
          options={galleryYears().map((year) => ({ value: String(year), label: String(year) }))}
          onChange={(year) => onChange({ year })}
        />
        <FilterSelect
          label="Month"
          any="All months"
          value={filters.month}
          options={monthNames.map((month, index) => ({ value: String(index + 1), label: month }))}
          onChange={(month) => onChange({ month })}
        />
      </div>

      {!ranked && (
        <form role="search" onSubmit={submitSearch} className="flex gap-2">
          <label htmlFor="gallery-search" className="sr-only">
            Search designs
          </label>
          <input
            id="gallery-search"
            type="search"
            className="field-input min-w-0 flex-1"
            placeholder="Design or designer name"
            maxLength={GALLERY_SEARCH_MAX}
            {...ready()}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="btn btn-secondary btn-sm shrink-0" {...ready()}>
            Search
          </button>
        </form>
      )}
    </div>
  );
}

/** One of the gallery's filters: a labelled select whose empty value means "any". */
function FilterSelect({
  label,
  any,
  value,
  options,
  onChange,
}: {
  label: string;
  any: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const ready = useControlReady();
  return (
    <label className="flex flex-col gap-1">
      <span className="eyebrow">{label}</span>
      <select
        className="field-input"
        {...ready()}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
