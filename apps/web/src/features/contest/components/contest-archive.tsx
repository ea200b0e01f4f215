import type { ContestOverview } from '@camo/shared/contest.schema';
import { messages } from '@camo/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMe } from '@/lib/me';
import { contestResultsQueryOptions } from '@/features/contest/api/contest';
import { formatContestMonth, votesLabel } from '@/lib/contest-month';
import { formatCount } from '@/lib/format';

import { SignInFor, StandingsList } from '@/features/contest/components/contest-standings';

export function Archive({ overview }: { overview: ContestOverview }) {
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
