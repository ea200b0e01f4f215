import type { DesignContest } from '@camo/shared/contest.schema';
import { Link } from 'react-router';
import { useDesignContest } from '../api/contest';
import { formatContestMonth, votesLabel } from '@/lib/contest-month';

type Entry = NonNullable<DesignContest['entry']>;

/** "Trophy Club winner, September 2026": on a winning design's page and its designer's. */
export function WinnerBadge({ month }: { month: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded bg-blaze px-2.5 py-1 font-condensed text-sm font-bold uppercase tracking-wider text-night">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4" />
      </svg>
      Winner · {formatContestMonth(month)}
    </span>
  );
}

function outcome(entry: Entry): string {
  const month = formatContestMonth(entry.month);
  if (!entry.closed) {
    return `Entered in ${month}. Its votes count for the ${month} contest until the month closes: ${votesLabel(entry.countedVotes)} counted so far.`;
  }
  if (entry.rank === null)
    return `Entered in ${month}. The month has closed and its result is being recorded.`;
  if (entry.won) return `Entered in ${month} and won it with ${votesLabel(entry.countedVotes)}.`;
  return `Entered in ${month}: placed #${entry.rank} with ${votesLabel(entry.countedVotes)} counted.`;
}

/**
 * The contest a design entered, its place, and which of its votes count there: votes cast after
 * the close, and votes from accounts too new, count in the gallery only (issue 9, item 5).
 */
export function DesignContestPanel({ designId }: { designId: string }) {
  const contest = useDesignContest(designId);
  const entry = contest.data?.entry;
  if (!entry) return null;
  return (
    <section aria-labelledby="design-contest-title" className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="design-contest-title" className="eyebrow">
          Monthly contest
        </h2>
        {entry.won && <WinnerBadge month={entry.month} />}
      </div>
      <p className="text-bone">{outcome(entry)}</p>
      {entry.votesAfterClose > 0 && (
        <p className="text-sm text-sage">
          {entry.votesAfterClose === 1 ? '1 vote was' : `${entry.votesAfterClose} votes were`} cast after the
          contest closed: {entry.votesAfterClose === 1 ? 'it counts' : 'they count'} in the gallery, not in
          the {formatContestMonth(entry.month)} result.
        </p>
      )}
      {entry.newAccountVotes > 0 && (
        <p className="text-sm text-sage">
          {entry.newAccountVotes === 1 ? '1 vote' : `${entry.newAccountVotes} votes`} from accounts too new
          for the contest's rules {entry.newAccountVotes === 1 ? 'counts' : 'count'} in the gallery only.
        </p>
      )}
      <Link to="/contest" className="text-link self-start text-sm">
        {entry.closed ? 'Contest results' : 'See the standings'}
      </Link>
    </section>
  );
}
