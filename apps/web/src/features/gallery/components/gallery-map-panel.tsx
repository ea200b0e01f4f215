import { useId, useState, useSyncExternalStore } from 'react';
import { useGalleryStates } from '../api/get-gallery-states';
import { useControlReady } from '@/lib/hydration';
import { UsMap } from './us-map';

type GalleryMapPanelProps = {
  /** The gallery's state filter: a code, or '' for all states. */
  selected: string;
  onSelect: (state: string) => void;
};

/** Where the panel stands open without its button (Tailwind's `lg`). */
const WIDE = '(min-width: 1024px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * The map beside the filters. On wide screens it is always shown; on phones it starts folded
 * behind a button so the designs stay near the top of the page.
 */
export function GalleryMapPanel({ selected, onSelect }: GalleryMapPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ready = useControlReady();
  const states = useGalleryStates();
  // The server cannot know the screen: it sends the map's frame, and the browser draws the states
  // where the panel shows (at once on a wide screen, on a phone when opened).
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );

  return (
    <section aria-labelledby={`${panelId}-heading`} className="flex flex-col gap-3">
      <h2 id={`${panelId}-heading`} className="eyebrow hidden lg:block">
        Designs by state
      </h2>
      <button
        type="button"
        className="btn btn-quiet btn-sm self-start lg:hidden"
        aria-expanded={open}
        {...ready()}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide map' : 'Show map'}
        <span className="sr-only"> of designs by state</span>
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} lg:block`}>
        <UsMap counts={states.data} selected={selected} onSelect={onSelect} drawn={open || wide} />
        {states.isError && (
          <p className="text-sm text-sage">Design counts are unavailable right now; the map still filters.</p>
        )}
      </div>
    </section>
  );
}
