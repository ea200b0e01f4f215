import { HUNT_MIN_ROUNDS_FOR_SCORE, huntMessages } from '@camo/shared/hunt';
import { Link } from 'react-router';
import { clockTime, formatLongDate, hoursLabel } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { useMe } from '@/lib/me';
import { seconds, useBoard, usePlayer } from '@/features/hunt/api/hunt';

import type { Play } from '@/features/hunt/lib/hunt-play';

export function Intro({ play, onStart }: { play: Play; onStart: () => void }) {
  return (
    <div className="flex flex-col gap-8 px-2 pt-7 sm:pt-8">
      <div className="flex flex-col gap-4">
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Hide and Seek</h1>
        <p className="max-w-2xl text-lg text-sage">
          Camouflage is for hiding. Each round shows a photo with one target wearing a design from the
          gallery: a hunter, a blind, a deer, a turkey or a pack. Tap it as soon as you see it.{' '}
          {huntMessages.rules} The time you take tells the community how well each design hides.
        </p>
        <div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onStart}
            // Nothing left to play: another press would only say so again.
            disabled={
              play.phase === 'loading' ||
              (play.phase === 'error' && (play.final === true || play.message === huntMessages.noDesigns))
            }
          >
            {play.phase === 'loading' ? 'Loading…' : 'Start a round'}
          </button>
        </div>
        {play.phase === 'error' && (
          <p role="alert" className="text-danger">
            {play.message}
          </p>
        )}
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <MyRecord />
        <Board />
      </div>
      <p className="text-sage">
        <Link to="/hunt/insights" className="text-link">
          What makes a design hide?
        </Link>{' '}
        Every scored design against the generator&apos;s own measures.
      </p>
      <p className="text-sage">
        <Link to="/breeding" className="text-link">
          Breeding grounds
        </Link>{' '}
        Designs bred by the game: the ones you find slowest become the parents of the next.
      </p>
    </div>
  );
}

function MyRecord() {
  const { data: me } = useMe();
  const record = usePlayer(me?.id);
  return (
    <section className="card flex flex-col gap-2 p-5" aria-labelledby="hunt-record">
      <h2 id="hunt-record" className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Your record
      </h2>
      {record.data && record.data.rounds > 0 ? (
        <p className="text-sage">
          {record.data.rounds} round{record.data.rounds === 1 ? '' : 's'}, found{' '}
          {Math.round(record.data.hitRate * 100)}%
          {record.data.medianMs !== null ? `, median ${seconds(record.data.medianMs)}` : ''}.
        </p>
      ) : (
        <p className="text-sage">No rounds yet.</p>
      )}
      <p className="text-sm text-sage">
        A design&apos;s score shows on its page from its first round, and in the gallery from{' '}
        {HUNT_MIN_ROUNDS_FOR_SCORE} rounds.
      </p>
      {me && (
        <NewAccountRoundsNote
          countFrom={me.contestVotes.countFrom}
          hours={me.contestVotes.minAccountAgeHours}
        />
      )}
    </section>
  );
}

/**
 * A new account's rounds go on its record at once, but count toward designs' scores (and the
 * predictor's calibration) only once the account is as old as a contest vote must be: the server's
 * rule (hunt.repository.ts), said where the player sees their record. Browser only: the time is
 * the reader's.
 */
export function NewAccountRoundsNote({
  countFrom,
  hours,
  now = Date.now,
}: {
  countFrom: string;
  hours: number;
  now?: () => number;
}) {
  const hydrated = useHydrated();
  const from = new Date(countFrom);
  if (!hydrated || hours <= 0 || !(from.getTime() > now())) return null;
  return (
    <p className="text-sm text-sage" data-testid="new-account-rounds-note">
      Your account is new: your rounds are on your record now, but they count toward designs&apos; scores only
      from {formatLongDate(countFrom)} at {clockTime(from)} (rounds from accounts younger than{' '}
      {hoursLabel(hours)} do not count there, so that a few new accounts cannot steer the scores).
    </p>
  );
}

function Board() {
  const board = useBoard();
  return (
    <section className="card flex flex-col gap-2 p-5" aria-labelledby="hunt-board">
      <h2 id="hunt-board" className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Sharpest eyes this week
      </h2>
      {board.data && board.data.players.length > 0 ? (
        <ol className="flex flex-col gap-1 text-sage">
          {board.data.players.map((p) => (
            <li key={p.userId}>
              {p.rank}.{' '}
              <Link to={`/gallery/user/${p.userId}`} className="text-link">
                {p.displayName}
              </Link>{' '}
              found {p.found} of {p.rounds}
              {p.medianMs !== null ? `, median ${seconds(p.medianMs)}` : ''}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sage">Nobody has played five rounds this week yet.</p>
      )}
    </section>
  );
}
