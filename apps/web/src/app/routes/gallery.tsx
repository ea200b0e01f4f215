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
import { GroundResults } from '@/features/gallery/components/ground-results';
import { initialFilters } from '@/features/gallery/lib/gallery-filters';
import { useGalleryFilters } from '@/features/gallery/lib/use-gallery-filters';
import { GroundFinder } from '@/features/ground/components/ground-finder';
import { GroundRankingSummary } from '@/features/ground/components/ground-ranking-summary';
import {
  groundFromParams,
  groundSearch,
  useGroundParams,
  type GroundChoice,
} from '@/features/ground/lib/ground-params';
import { useCalibration } from '@/features/hunt/api/get-calibration';
import type { DesignCard } from '@camo/shared/api.schema';
import { concealmentText } from '@camo/shared/concealment';
import { defaultEye, eyeFromParams, useEyeParam } from '@/lib/eye-choice';
import { GroundEyeChoice } from '@/features/ground/components/ground-eye-choice';
import type { ReactNode } from 'react';
import type { Light } from '@camo/shared/vocabulary';
import { useLightChoice } from '@/lib/light-choice';

/**
 * The first twelve designs for the filters in the URL (the server cannot see the ones saved in
 * the browser; useGalleryFilters applies those once the page runs) and the map's counts. A ground
 * photo's ranking is its owner's alone and is asked for by the browser.
 */
export const prefetch: PageModule['prefetch'] = ({ queryClient, url }) =>
  Promise.all([
    groundFromParams(url.searchParams)
      ? null
      : queryClient.prefetchInfiniteQuery({
          ...galleryQueryOptions(
            initialFilters(url.searchParams, null),
            eyeFromParams(url.searchParams) ?? defaultEye,
          ),
          pages: 1,
        }),
    queryClient.prefetchQuery(galleryStatesQueryOptions),
  ]);

/**
 * /gallery (spec §2): every submitted design, sortable, filterable, twelve at a time; or, with
 * `?ground=<photo>` (issue 28), the designs ranked by predicted hiding in the person's own photo.
 */
export default function GalleryPage() {
  useDocumentTitle('Gallery');
  const { filters, setFilters, resetFilters } = useGalleryFilters();
  const { ground, setGround } = useGroundParams();
  // One remembered eye for "Hardest to spot", "my ground" and the design page (issue 39).
  const [eye, setEye] = useEyeParam();
  // And one remembered light for "my ground" and the design page (decision 034).
  const [light, setLight] = useLightChoice();
  const { data: me } = useMe();
  const vote = (design: DesignCard, name: string) => (
    <VoteButton
      designId={design.id}
      isOwner={me?.id === design.userId}
      initialCount={design.voteCount}
      initialHasVoted={design.hasVoted ?? false}
      designName={name}
      compact
    />
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="eyebrow">Community gallery</p>
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Gallery</h1>
      </header>
      {ground ? (
        <RankingSummary
          ground={ground}
          onChange={(choice) => setGround(choice, { replace: true })}
          light={light}
          onLightChange={setLight}
        />
      ) : (
        <GroundFinder signedIn={Boolean(me)} onChoose={(choice) => setGround(choice)} />
      )}
      <div
        className={
          ground
            ? 'grid grid-cols-1 gap-4'
            : 'grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-8'
        }
      >
        <div className="flex flex-col gap-4">
          <GalleryFilterBar filters={filters} onChange={setFilters} ranked={ground !== null} />
          {!ground && filters.sort === 'hiding' && (
            <div role="group" aria-label={concealmentText.orderEyeLabel}>
              <GroundEyeChoice eye={eye} onChange={setEye} />
            </div>
          )}
        </div>
        {/* The map sets the same state filter as the dropdown, through the same URL and storage path. */}
        <GalleryMapPanel
          selected={filters.state}
          onSelect={(state) => setFilters({ state })}
          folded={ground !== null}
        />
      </div>
      {ground ? (
        <GroundResults
          ground={{ ...ground, light }}
          filters={filters}
          onReset={resetFilters}
          cardLink={(design) => `/gallery/${design.id}?${groundSearch(ground)}`}
          vote={vote}
        />
      ) : (
        <GalleryResults
          filters={filters}
          eye={eye}
          onReset={resetFilters}
          note={me && <NewAccountVoteNote me={me} />}
          vote={vote}
        />
      )}
    </div>
  );
}

/** The ranking's summary with the predictor's agreement with the game (hunt's calibration). */
function RankingSummary({
  ground,
  onChange,
  light,
  onLightChange,
}: {
  ground: GroundChoice;
  onChange: (choice: GroundChoice) => void;
  light: Light;
  onLightChange: (light: Light) => void;
}): ReactNode {
  const calibration = useCalibration();
  return (
    <GroundRankingSummary
      ground={ground}
      calibration={calibration.data}
      onEyeChange={(eye) => onChange({ ...ground, ...eye })}
      light={light}
      onLightChange={onLightChange}
    />
  );
}
