import type { DesignCard } from '@camo/shared/api.schema';
import { communityMessages } from '@camo/shared/community';
import { concealmentText } from '@camo/shared/concealment';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useGallery } from '@/features/gallery/api/get-gallery';
import type { EyeChoice } from '@/lib/eye-choice';
import { GalleryCard } from '@/features/gallery/components/gallery-card';
import type { GalleryFilters } from '@/features/gallery/lib/gallery-filters';
import { hidingGroups } from '@/features/gallery/lib/hiding-groups';
import { CardGrid, FIRST_CARDS, LoadMore, NoResults, ResultsError } from './results-parts';

type GalleryResultsProps = {
  filters: GalleryFilters;
  /** "Hardest to spot"'s eye and distance: the one every page remembers. */
  eye: EyeChoice;
  /** Clears every filter: offered when no design matches. */
  onReset: () => void;
  /** Shown above the cards (the contest's note to a new account), given by the route. */
  note?: ReactNode;
  /** A card's vote control (community's), given by the route; `name` is the card's shown name. */
  vote: (design: DesignCard, name: string) => ReactNode;
};

/** The designs matching the filters, twelve at a time, or why there are none. */
export function GalleryResults({ filters, eye, onReset, note, vote }: GalleryResultsProps) {
  const gallery = useGallery(filters, eye);
  const designs = gallery.data?.pages.flatMap((page) => page.designs) ?? [];
  const ranked = filters.sort === 'votes';
  const byHiding = filters.sort === 'hiding';

  if (gallery.isPending) return <LoadingState />;
  if (!gallery.data) {
    return <ResultsError message={gallery.error?.message} onRetry={() => void gallery.refetch()} />;
  }
  if (designs.length === 0) return <NoResults message={communityMessages.noDesigns} onReset={onReset} />;
  // "Hardest to spot" before calibration: measured and predicted designs under their own headings.
  const groups = byHiding ? hidingGroups(designs) : null;
  const cards = (list: DesignCard[], offset: number, headingLevel: 2 | 3) => (
    <CardGrid>
      {list.map((design, i) => (
        <GalleryCard
          key={design.id}
          design={design}
          rank={ranked ? offset + i + 1 : undefined}
          first={offset + i < FIRST_CARDS}
          vote={(name) => vote(design, name)}
          showHiding={byHiding}
          headingLevel={headingLevel}
        />
      ))}
    </CardGrid>
  );
  // Counted on the first page: the designs whose figures are still being computed.
  const measuring = byHiding ? (gallery.data.pages[0]?.measuring ?? 0) : 0;
  return (
    <section aria-label="Designs" className="flex flex-col gap-8">
      {note}
      {byHiding && (
        <div className="flex flex-col gap-2">
          <p className="text-bone" data-testid="hiding-order">
            {concealmentText.orderedFor(eye.observer, eye.distance)}
          </p>
          {measuring > 0 && (
            <p
              role="status"
              className="rounded border border-coyote-300 px-3 py-2 text-bone"
              data-testid="measuring-notice"
            >
              {concealmentText.measuringNotice(measuring)}
            </p>
          )}
        </div>
      )}
      {groups
        ? groups.map((group, g) => (
            <section
              key={group.group}
              aria-labelledby={`hiding-group-${group.group}`}
              className="flex flex-col gap-4"
            >
              <h2
                id={`hiding-group-${group.group}`}
                className="border-b border-olive-700 pb-2 font-condensed text-2xl font-bold uppercase tracking-wider text-coyote-300"
              >
                {concealmentText.groups[group.group]}
              </h2>
              {cards(
                group.designs,
                groups.slice(0, g).reduce((n, earlier) => n + earlier.designs.length, 0),
                3,
              )}
            </section>
          ))
        : cards(designs, 0, 2)}
      <LoadMore
        hasNextPage={gallery.hasNextPage}
        isFetchingNextPage={gallery.isFetchingNextPage}
        error={gallery.isFetchNextPageError ? gallery.error.message : null}
        onLoad={() => void gallery.fetchNextPage()}
      />
    </section>
  );
}
