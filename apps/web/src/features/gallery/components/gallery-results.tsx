import type { DesignCard } from '@camo/shared/api.schema';
import { communityMessages } from '@camo/shared/community';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useControlReady } from '@/lib/hydration';
import { useGallery } from '@/features/gallery/api/get-gallery';
import { GalleryCard } from '@/features/gallery/components/gallery-card';
import type { GalleryFilters } from '@/features/gallery/lib/gallery-filters';

/** Cards in view as the gallery opens, on the widest grid (four columns). */
const FIRST_CARDS = 4;

type GalleryResultsProps = {
  filters: GalleryFilters;
  /** Clears every filter: offered when no design matches. */
  onReset: () => void;
  /** Shown above the cards (the contest's note to a new account), given by the route. */
  note?: ReactNode;
  /** A card's vote control (community's), given by the route; `name` is the card's shown name. */
  vote: (design: DesignCard, name: string) => ReactNode;
};

/** The designs matching the filters, twelve at a time, or why there are none. */
export function GalleryResults({ filters, onReset, note, vote }: GalleryResultsProps) {
  const gallery = useGallery(filters);
  const ready = useControlReady();
  const designs = gallery.data?.pages.flatMap((page) => page.designs) ?? [];
  const ranked = filters.sort === 'votes';

  if (gallery.isPending) return <LoadingState />;
  if (!gallery.data) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="alert" className="text-lg text-danger">
          {gallery.error?.message}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          {...ready()}
          onClick={() => void gallery.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (designs.length === 0) {
    return (
      <div className="card flex flex-col items-start gap-4 p-6">
        <p className="text-lg text-bone">{communityMessages.noDesigns}</p>
        <button type="button" className="btn btn-primary" {...ready()} onClick={onReset}>
          Reset filters
        </button>
      </div>
    );
  }
  return (
    <section aria-label="Designs" className="flex flex-col gap-8">
      {note}
      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {designs.map((design, index) => (
          <GalleryCard
            key={design.id}
            design={design}
            rank={ranked ? index + 1 : undefined}
            first={index < FIRST_CARDS}
            vote={(name) => vote(design, name)}
          />
        ))}
      </ul>
      {gallery.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary self-center"
          {...ready(gallery.isFetchingNextPage)}
          onClick={() => void gallery.fetchNextPage()}
        >
          {gallery.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
      )}
      {gallery.isFetchNextPageError && (
        <p role="alert" className="text-danger">
          {gallery.error.message}
        </p>
      )}
    </section>
  );
}
