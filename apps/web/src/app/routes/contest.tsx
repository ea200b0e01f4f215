import { BestHiding } from '@/features/hunt/components/best-hiding';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import type { PageModule } from '@/lib/route-handle';
import {
  contestOverviewQueryOptions,
  contestStandingsQueryOptions,
  trophyClubQueryOptions,
  useContestOverview,
} from '@/features/contest/api/contest';
import { TrophyClub } from '@/features/contest/components/trophy-club';
import { CurrentMonth } from '@/features/contest/components/current-month';
import { Rules } from '@/features/contest/components/contest-rules';
import { Archive } from '@/features/contest/components/contest-archive';

/** The open month, the archive and the Trophy Club; the standings for the signed in. */
export const prefetch: PageModule['prefetch'] = ({ queryClient, me }) =>
  Promise.all([
    queryClient.prefetchQuery(contestOverviewQueryOptions),
    queryClient.prefetchQuery(trophyClubQueryOptions),
    me ? queryClient.prefetchQuery(contestStandingsQueryOptions) : undefined,
  ]);

/** /contest: the published rules, the open month's live standings, the archive, the Trophy Club. */
export default function ContestPage() {
  useDocumentTitle('Monthly Contest');
  const overview = useContestOverview();
  if (overview.isPending) return <LoadingState />;
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-12">
        {overview.isError ? (
          <div className="flex flex-col items-start gap-4">
            <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Monthly Contest</h1>
            <p role="alert" className="text-danger">
              The contest couldn't be loaded right now. Please try again in a moment.
            </p>
          </div>
        ) : (
          <>
            <CurrentMonth overview={overview.data} receivedAt={overview.dataUpdatedAt} />
            <Rules overview={overview.data} />
            <Archive overview={overview.data} />
          </>
        )}
      </div>
      <TrophyClub>
        <BestHiding />
      </TrophyClub>
    </>
  );
}
