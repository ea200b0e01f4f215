import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import type { PageModule } from '@/lib/route-handle';
import { VoteButton } from '@/features/community/components/vote-button';
import { NewAccountVoteNote } from '@/features/contest/components/new-account-vote-note';
import { galleryQueryOptions } from '@/features/gallery/api/get-gallery';
import { galleryStatesQueryOptions } from '@/features/gallery/api/get-gallery-states';
import { GalleryFilterBar } from '@/features/gallery/components/gallery-filter-bar';
import { GalleryMapPanel } from '@/features/gallery/components/gallery-map-panel';
import { GalleryResults } from '@/features/gallery/components/gallery-results';
import { initialFilters } from '@/features/gallery/lib/gallery-filters';
import { useGalleryFilters } from '@/features/gallery/lib/use-gallery-filters';

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

      <GalleryResults
        filters={filters}
        onReset={resetFilters}
        note={me && <NewAccountVoteNote me={me} />}
        vote={(design, name) => (
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
    </div>
  );
}
