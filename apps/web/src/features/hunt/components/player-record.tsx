import { Link } from 'react-router';
import { seconds, usePlayer } from '../api/hunt';

/** A player's hide-and-seek record in one line, or nothing before their first round. */
export function PlayerRecord({ userId, own = false }: { userId: string; own?: boolean }) {
  const record = usePlayer(userId);
  if (!record.data || record.data.rounds === 0) {
    return own ? (
      <p className="text-sage">
        Hide and seek: no rounds yet.{' '}
        <Link to="/hunt" className="text-link">
          Play a round
        </Link>
      </p>
    ) : null;
  }
  const r = record.data;
  return (
    <p className="text-sage" data-testid="player-record">
      Hide and seek: {r.rounds} round{r.rounds === 1 ? '' : 's'}, found {Math.round(r.hitRate * 100)}%
      {r.medianMs !== null ? `, median ${seconds(r.medianMs)}` : ''}.
    </p>
  );
}
