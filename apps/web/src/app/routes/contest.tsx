import type { ContestOverview, ContestStanding } from '@camo/shared/contest';
import { BestHiding } from '@/features/hunt/components/best-hiding';
import { messages } from '@camo/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import type { PageModule } from '@/lib/route-handle';
import {
  contestOverviewQueryOptions,
  contestResultsQueryOptions,
  contestStandingsQueryOptions,
  trophyClubQueryOptions,
  useContestOverview,
} from '@/features/contest/api/contest';
import { Countdown } from '@/features/contest/components/countdown';
import { TrophyClub } from '@/features/contest/components/trophy-club';
import { closeInWords, formatContestMonth, votesLabel } from '@/lib/contest-month';
import { formatCount } from '@/lib/format';

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

function CurrentMonth({ overview, receivedAt }: { overview: ContestOverview; receivedAt: number }) {
  const { current } = overview;
  const label = formatContestMonth(current.month);
  return (
    <section aria-labelledby="contest-title" className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <p className="eyebrow">Monthly contest</p>
        <h1 id="contest-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
          {label} contest
        </h1>
        <p className="max-w-2xl text-lg text-sage">
          Every design submitted in {label} is in. Vote in the gallery for the ones that hide best: the design
          with the most counted votes when the month closes joins the Trophy Club.
        </p>
      </header>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="card col-span-2 flex flex-col gap-2 p-5 sm:col-span-1">
          <h2 className="eyebrow">Voting closes in</h2>
          <Countdown
            key={overview.now}
            closesAt={current.closesAt}
            serverNow={overview.now}
            receivedAt={receivedAt}
          />
          <p className="text-sm text-sage">At {closeInWords(current.month, overview.rules.timeZone)}.</p>
        </div>
        <Stat label="Entries" value={current.entries} />
        <Stat label="Voters" value={current.voters} />
      </div>

      <section aria-labelledby="standings-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="standings-title" className="stencil-heading text-3xl text-bone">
            Standings
          </h2>
          <p className="text-sm text-sage">Top 10, live: counted votes only.</p>
        </div>
        <Standings label={label} />
      </section>
    </section>
  );
}

/** The entries themselves are for signed-in people, as the gallery is. */
function Standings({ label }: { label: string }) {
  const { data: me, isPending: mePending } = useMe();
  const standings = useQuery({ ...contestStandingsQueryOptions, enabled: Boolean(me) });
  if (mePending) return <p className="text-sage">{messages.loading}</p>;
  if (!me) return <SignInFor what="see the standings and vote" />;
  if (standings.isPending) return <p className="text-sage">{messages.loading}</p>;
  if (standings.isError) {
    return (
      <p role="alert" className="text-danger">
        The standings couldn't be loaded right now.
      </p>
    );
  }
  if (standings.data.standings.length === 0) {
    return (
      <div className="card flex flex-col items-start gap-4 p-6">
        <p className="text-bone">No entries yet this month. Submit a design and it is in.</p>
        <Link to="/design" className="btn btn-primary">
          Enter a design
        </Link>
      </div>
    );
  }
  return <StandingsList standings={standings.data.standings} label={`${label} standings`} />;
}

function SignInFor({ what }: { what: string }) {
  return (
    <div className="card flex flex-col items-start gap-4 p-6">
      <p className="text-bone">Log in to {what}.</p>
      <Link to={`/login?redirect=${encodeURIComponent('/contest')}`} className="btn btn-primary">
        Log In
      </Link>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="card flex flex-col gap-2 p-5">
      <h2 className="eyebrow">{label}</h2>
      <p className="font-condensed text-4xl font-bold text-bone">{formatCount(value)}</p>
    </div>
  );
}

function StandingsList({ standings, label }: { standings: ContestStanding[]; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {standings.map((entry) => (
        <li key={entry.designId} className="card flex items-center gap-3 p-2 pr-4 sm:gap-4">
          <span
            className={`flex size-10 shrink-0 items-center justify-center rounded font-condensed text-xl font-bold ${
              entry.rank === 1 ? 'bg-blaze text-night' : 'bg-loam text-bone'
            }`}
          >
            <span className="sr-only">Rank </span>
            {entry.rank}
          </span>
          {entry.thumbnailUrl ? (
            <img
              src={entry.thumbnailUrl}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className="size-14 shrink-0 rounded bg-loam object-cover"
            />
          ) : (
            <span aria-hidden="true" className="camo-texture size-14 shrink-0 rounded" />
          )}
          <span className="flex min-w-0 flex-1 flex-col">
            <Link
              to={`/gallery/${entry.designId}`}
              className="truncate font-condensed text-xl font-bold uppercase tracking-wide text-bone hover:text-blaze"
            >
              {entry.name.trim() || messages.noName}
            </Link>
            <span className="truncate text-sm text-sage">
              by{' '}
              <Link to={`/gallery/user/${entry.userId}`} className="text-link">
                {entry.designerName}
              </Link>{' '}
              · {entry.state}
            </span>
          </span>
          <span className="shrink-0 text-right font-condensed text-lg font-bold text-bone">
            {votesLabel(entry.countedVotes)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Rules({ overview }: { overview: ContestOverview }) {
  const { timeZone, minAccountAgeHours } = overview.rules;
  const age =
    minAccountAgeHours === 24
      ? 'a day'
      : `${minAccountAgeHours} ${minAccountAgeHours === 1 ? 'hour' : 'hours'}`;
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-4">
      <h2 id="rules-title" className="stencil-heading text-3xl text-bone">
        The rules
      </h2>
      <ol className="card flex list-decimal flex-col gap-3 p-6 pl-10 text-bone marker:font-bold marker:text-blaze">
        <li>
          A design competes in the calendar month it was submitted to the gallery, in the site's time zone (
          {timeZone.replace(/_/g, ' ')}).
        </li>
        <li>
          Every signed-in member has one vote per design and cannot vote for their own. Votes count for the
          month's result until the month closes at midnight at its end.
        </li>
        <li>The winner is the entry with the most counted votes when the month closes.</li>
        <li>A tie goes to the entry that reached its final count first.</li>
        {minAccountAgeHours > 0 && (
          <li>
            Votes from accounts created less than {age} before they voted count in the gallery, not in the
            contest.
          </li>
        )}
        <li>
          Votes cast after a month closes still count in the gallery; they do not change that month's result.
        </li>
      </ol>
    </section>
  );
}

function Archive({ overview }: { overview: ContestOverview }) {
  if (overview.archive.length === 0) return null;
  return (
    <section aria-labelledby="archive-title" className="flex flex-col gap-4">
      <h2 id="archive-title" className="stencil-heading text-3xl text-bone">
        Past months
      </h2>
      <ul className="flex flex-col gap-3">
        {overview.archive.map((month) => (
          <ArchivedMonth key={month.month} month={month} />
        ))}
      </ul>
    </section>
  );
}

function ArchivedMonth({ month }: { month: ContestOverview['archive'][number] }) {
  const [open, setOpen] = useState(false);
  const { data: me } = useMe();
  const label = formatContestMonth(month.month);
  const results = useQuery({ ...contestResultsQueryOptions(month.month), enabled: open && Boolean(me) });
  return (
    <li className="card p-5">
      <details onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-3">
          <span className="flex flex-col">
            <span className="font-condensed text-2xl font-bold uppercase tracking-wide text-bone">
              {label}
            </span>
            <span className="text-sm text-sage">
              {month.winner
                ? `Won by ${month.winner.name.trim() || messages.noName} (${month.winner.designerName}) with ${votesLabel(month.winner.countedVotes)}`
                : 'No counted votes: no winner'}{' '}
              · {formatCount(month.entries)} {month.entries === 1 ? 'entry' : 'entries'} ·{' '}
              {formatCount(month.voters)} {month.voters === 1 ? 'voter' : 'voters'}
            </span>
          </span>
          <span className="btn btn-secondary btn-sm">
            <span className="group-open:hidden">Full results</span>
            <span className="hidden group-open:inline">Hide results</span>
          </span>
        </summary>
        <div className="mt-4">
          {!me ? (
            <SignInFor what="see the full results" />
          ) : results.isPending ? (
            <p className="text-sage">{messages.loading}</p>
          ) : results.isError ? (
            <p role="alert" className="text-danger">
              The results couldn't be loaded right now.
            </p>
          ) : results.data.results.length === 0 ? (
            <p className="text-sage">No entries that month.</p>
          ) : (
            <>
              <StandingsList standings={results.data.results} label={`${label} results`} />
              {results.data.results.length < results.data.entries && (
                <p className="mt-3 text-sm text-sage">
                  The first {formatCount(results.data.results.length)} of {formatCount(results.data.entries)}{' '}
                  entries.
                </p>
              )}
            </>
          )}
        </div>
      </details>
    </li>
  );
}
