import type { DesignCard } from '@camo/shared/api.schema';
import { concealmentText } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import type { ReactNode } from 'react';
import { isRefining, useGroundRanking, type GroundRankingFor } from '../api/get-ground-ranking';
import type { GalleryFilters } from '../lib/gallery-filters';
import { GalleryCard } from './gallery-card';
import { CardGrid, FIRST_CARDS, LoadMore, NoResults, ResultsError } from './results-parts';

type GroundResultsProps = {
  ground: GroundRankingFor;
  /** The gallery's state, year and month (sort and search do not apply to a ranking). */
  filters: GalleryFilters;
  onReset: () => void;
  /** A card's link: the design shown in the photo. */
  cardLink: (design: DesignCard) => string;
  vote: (design: DesignCard, name: string) => ReactNode;
};

/**
 * The gallery ranked by predicted hiding in a person's ground photo: the usual cards with the
 * score on each (an estimate until the full predictor has scored it; the page asks again while it
 * refines, and the cards update in place), twelve at a time.
 */
export function GroundResults({ ground, filters, onReset, cardLink, vote }: GroundResultsProps) {
  const ranking = useGroundRanking(ground, filters);
  const pages = ranking.data?.pages ?? [];
  const designs = pages.flatMap((page) => page.designs);
  const inRange = pages[0]?.inRange ?? true;

  let body: ReactNode;
  // While ranking, the status line above says so; the space keeps the page from jumping.
  if (ranking.isPending) body = <div className="min-h-[50vh]" />;
  else if (!ranking.data)
    body = <ResultsError message={ranking.error?.message} onRetry={() => void ranking.refetch()} />;
  else if (!inRange)
    body = (
      <p className="card p-6 text-lg text-bone" data-testid="ranking-out-of-range">
        {concealmentText.outOfRangeAt(ground.distance)}
      </p>
    );
  else if (designs.length === 0) body = <NoResults message={groundText.noDesigns} onReset={onReset} />;
  else
    body = (
      <>
        <CardGrid>
          {designs.map((design, i) => (
            <GalleryCard
              key={design.id}
              design={design}
              rank={i + 1}
              first={i < FIRST_CARDS}
              vote={(name) => vote(design, name)}
              groundScore={design.ground}
              to={cardLink(design)}
            />
          ))}
        </CardGrid>
        <LoadMore
          hasNextPage={ranking.hasNextPage}
          isFetchingNextPage={ranking.isFetchingNextPage}
          error={ranking.isFetchNextPageError ? ranking.error.message : null}
          onLoad={() => void ranking.fetchNextPage()}
        />
      </>
    );

  return (
    <section aria-label="Designs" aria-busy={ranking.isPending} className="flex flex-col gap-8">
      <p role="status" className="min-h-6 text-sage">
        {ranking.isPending
          ? groundText.ranking
          : ranking.data && isRefining(ranking.data)
            ? groundText.refining
            : ''}
      </p>
      {body}
    </section>
  );
}
