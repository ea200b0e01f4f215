import type { ContestStanding } from '@camo/shared/contest.schema';
import { messages } from '@camo/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMe } from '@/lib/me';
import { contestStandingsQueryOptions } from '@/features/contest/api/contest';
import { votesLabel } from '@/lib/contest-month';
import { formatCount } from '@/lib/format';

/** The entries themselves are for signed-in people, as the gallery is. */
export function Standings({ label }: { label: string }) {
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

export function SignInFor({ what }: { what: string }) {
  return (
    <div className="card flex flex-col items-start gap-4 p-6">
      <p className="text-bone">Log in to {what}.</p>
      <Link to={`/login?redirect=${encodeURIComponent('/contest')}`} className="btn btn-primary">
        Log In
      </Link>
    </div>
  );
}

export function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="card flex flex-col gap-2 p-5">
      <h2 className="eyebrow">{label}</h2>
      <p className="font-condensed text-4xl font-bold text-bone">{formatCount(value)}</p>
    </div>
  );
}

export function StandingsList({ standings, label }: { standings: ContestStanding[]; label: string }) {
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
