import { useId, useState, useSyncExternalStore } from 'react';
import { useGalleryStates } from '../api/get-gallery-states';
import { useControlReady } from '@/lib/hydration';
import { UsMap } from './us-map';

type GalleryMapPanelProps = {
  /** The gallery's state filter: a code, or '' for all states. */
  selected: string;
  onSelect: (state: string) => void;
  /**
   * Folded behind its button on wide screens too: in "my ground" mode the ranking is the page, and
   * a map taller than the filters beside it left an empty band above the results.
   */
  folded?: boolean;
};

/** Where the panel stands open without its button (Tailwind's `lg`). */
const WIDE = '(min-width: 1024px)';
/** The heading shown, the button hidden and the panel open from WIDE up. */
const WIDE_CLASSES = { heading: 'hidden lg:block', button: 'lg:hidden', panel: 'lg:block' };
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * The map beside the filters. On wide screens it is always shown (unless `folded`); on phones it
 * starts folded behind a button so the designs stay near the top of the page.
 */
export function GalleryMapPanel({ selected, onSelect, folded = false }: GalleryMapPanelProps) {
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

  // Tailwind sees whole class names only: the wide-screen ones, or none when folded.
  const wideOnly = folded ? { heading: 'hidden', button: '', panel: 'max-w-md' } : WIDE_CLASSES;

  return (
    <section aria-labelledby={`${panelId}-heading`} className="flex flex-col gap-3">
      <h2 id={`${panelId}-heading`} className={`eyebrow ${wideOnly.heading}`}>
        Designs by state
      </h2>
      <button
        type="button"
        className={`btn btn-quiet btn-sm self-start ${wideOnly.button}`}
        aria-expanded={open}
        {...ready()}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide map' : 'Show map'}
        <span className="sr-only"> of designs by state</span>
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} ${wideOnly.panel}`}>
        <UsMap
          counts={states.data}
          selected={selected}
          onSelect={onSelect}
          drawn={open || (wide && !folded)}
        />
        {states.isError && (
          <p className="text-sm text-sage">Design counts are unavailable right now; the map still filters.</p>
        )}
      </div>
    </section>
  );
}
