import { Link } from 'react-router';
import { useGround } from '../api/breeding';
import { placeLabel } from '../lib/breeding-text';

/** Above the hunt's rounds when they are a breeding ground's: which, and the way back to it. */
export function PlayingGround({ groundId }: { groundId: string }) {
  const ground = useGround(groundId);
  return (
    <p className="min-h-6 px-2 text-sage" data-testid="playing-ground">
      Playing breeding ground{' '}
      <Link to={`/breeding/${encodeURIComponent(groundId)}`} className="text-link">
        {ground.data ? placeLabel(ground.data) : 'its page'}
      </Link>
    </p>
  );
}
