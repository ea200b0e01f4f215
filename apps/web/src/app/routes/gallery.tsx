import { communityMessages } from '@camo/shared/community';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useControlReady } from '@/lib/hydration';
import { useMe } from '@/lib/me';
import { NewAccountVoteNote } from '@/features/contest/components/new-account-vote-note';
import { useGallery } from '@/features/gallery/api/get-gallery';
import { VoteButton } from '@/features/community/components/vote-button';
import { GalleryCard } from '@/features/gallery/components/gallery-card';
import { GalleryFilterBar } from '@/features/gallery/components/gallery-filter-bar';
import { GalleryMapPanel } from '@/features/gallery/components/gallery-map-panel';
import { useGalleryFilters } from '@/features/gallery/lib/use-gallery-filters';
import type { PageModule } from '@/lib/route-handle';
import { galleryQueryOptions } from '@/features/gallery/api/get-gallery';
import { galleryStatesQueryOptions } from '@/features/gallery/api/get-gallery-states';
import { initialFilters } from '@/features/gallery/lib/gallery-filters';

/** Cards in view as the gallery opens, on the widest grid (four columns). */
const FIRST_CARDS = 4;

/**
 * The first twelve designs for the filters in the URL (the server cannot see the ones saved in
 * the browser; useGalleryFilters applies those once the page runs) and the map's counts.
 */
export const prefetch: PageModule['prefetch'] = ({ queryClient, url }) =>
  Promise.all([
    queryClient.prefetchInfiniteQuery({
      ...galleryQueryOptions(initialFilters(url.searchParams, null)),
      pages: 1,
    }),
    queryClient.prefetchQuery(galleryStatesQueryOptions),
  ]);

/** /gallery (spec §2): every submitted design, sortable, filterable, twelve at a time. */
export default function GalleryPage() {
  useDocumentTitle('Gallery');
  const { filters, setFilters, resetFilters } = useGalleryFilters();
  const gallery = useGallery(filters);
  const ready = useControlReady();
  const designs = gallery.data?.pages.flatMap((page) => page.designs) ?? [];
  const ranked = filters.sort === 'votes';
  const { data: me } = useMe();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="eyebrow">Community gallery</p>
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Gallery</h1>
      </header>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-8">
        <GalleryFilterBar filters={filters} onChange={setFilters} />
        {/* The map sets the same state filter as the dropdown, through the same URL and storage path. */}
        <GalleryMapPanel selected={filters.state} onSelect={(state) => setFilters({ state })} />
      </div>

      {gallery.isPending ? (
        <LoadingState />
      ) : !gallery.data ? (
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
      ) : designs.length === 0 ? (
        <div className="card flex flex-col items-start gap-4 p-6">
          <p className="text-lg text-bone">{communityMessages.noDesigns}</p>
          <button type="button" className="btn btn-primary" {...ready()} onClick={resetFilters}>
            Reset filters
          </button>
        </div>
      ) : (
        <section aria-label="Designs" className="flex flex-col gap-8">
          {me && <NewAccountVoteNote me={me} />}
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {designs.map((design, index) => (
              <GalleryCard
                key={design.id}
                design={design}
                rank={ranked ? index + 1 : undefined}
                first={index < FIRST_CARDS}
                vote={(name) => (
                  <VoteButton
                    designId={design.id}
                    isOwner={me?.id === design.userId}
                    initialCount={design.voteCount}
                    initialHasVoted={design.hasVoted ?? false}
                    designName={name}
                    compact
                  />
                )}
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
      )}
    </div>
  );
}
