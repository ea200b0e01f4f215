import type { TrophyWinner } from '@camo/shared/api.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrophyClub } from '../api/contest';
import { formatContestMonth, votesLabel } from '@/lib/contest-month';

function WinnerCard({ winner }: { winner: TrophyWinner }) {
  const body = (
    <>
      <div className="relative aspect-square overflow-hidden bg-loam">
        <img
          src={winner.imageUrl}
          alt={`${winner.patternName}, camouflage pattern by ${winner.designerName}`}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <span className="absolute left-2 top-2 rounded-sm bg-night/90 px-2 py-0.5 font-condensed text-sm font-bold uppercase tracking-wider text-coyote-300">
          {formatContestMonth(winner.month)}
        </span>
      </div>
      <div className="flex flex-col gap-1 p-3 sm:p-4">
        <h3 className="break-words font-condensed text-base font-bold uppercase tracking-wide text-bone sm:text-xl">
          {winner.patternName}
        </h3>
        <p className="text-sm text-sage">
          by <span className="font-semibold text-bone">{winner.designerName}</span>
          {winner.voteCount !== null && <> · {votesLabel(winner.voteCount)}</>}
        </p>
      </div>
    </>
  );
  return (
    <li className="card group overflow-hidden">
      {winner.designId ? (
        <Link to={`/gallery/${winner.designId}`} className="block h-full rounded">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * Spec home page: the Trophy Club grid of past monthly winners, oldest first (the seeded April to
 * August 2025, then every month decided by votes), and the open month's VOTE NOW card to /design.
 * The open month is the server's (the site's time zone), never the device's.
 */
/** `children` follow the winners (the routes put the hunt's best hiding there). */
export function TrophyClub({ rulesLink = false, children }: { rulesLink?: boolean; children?: ReactNode }) {
  const club = useTrophyClub();
  return (
    <section aria-labelledby="trophy-title" className="bg-night">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <p className="eyebrow">Monthly contest</p>
        <h2 id="trophy-title" className="stencil-heading mt-3 text-4xl text-bone sm:text-5xl">
          Trophy Club
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-sage">
          Every month the community votes, and the top pattern gets mounted on this wall for good.
          {rulesLink && (
            <>
              {' '}
              <Link to="/contest" className="text-link">
                Contest rules and this month's standings
              </Link>
            </>
          )}
        </p>
        {club.isError && (
          <p role="alert" className="mt-6 text-danger">
            The Trophy Club couldn't be loaded right now.
          </p>
        )}
        {/* Two columns from the smallest phones up, so five winners are three rows, not five screens. */}
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
          {club.isPending &&
            Array.from({ length: 5 }, (_, index) => (
              <li key={index} aria-hidden="true" className="card overflow-hidden">
                <div className="aspect-square animate-pulse bg-loam" />
                <div className="h-[4.5rem] sm:h-[4.75rem]" />
              </li>
            ))}
          {club.data?.winners.map((winner) => (
            <WinnerCard key={winner.month} winner={winner} />
          ))}
          <li className="hazard-stripe col-span-2 rounded-md p-1.5 sm:col-span-1">
            <Link
              to="/design"
              className="flex h-full min-h-72 flex-col items-center justify-center gap-3 rounded bg-night p-6 text-center"
            >
              <span className="min-h-7 font-condensed text-lg font-bold uppercase tracking-widest text-coyote-300">
                {club.data && formatContestMonth(club.data.currentMonth)}
              </span>
              <span className="stencil-heading text-5xl text-blaze">Vote now</span>
              <span className="text-sage">
                This month's contest is open. Submit a design or vote for your favourite.
              </span>
            </Link>
          </li>
        </ul>
        {children}
      </div>
    </section>
  );
}
