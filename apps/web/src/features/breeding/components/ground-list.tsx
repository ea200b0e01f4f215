import { messages } from '@camo/shared/messages';
import { useGrounds } from '../api/breeding';
import { breedingText } from '../lib/breeding-text';
import { GroundCard } from './ground-card';

/** Cards in view as the list opens (its first row on the widest grid). */
const FIRST_CARDS = 3;

/** The breeding grounds, newest first. */
export function GroundList() {
  const grounds = useGrounds();
  if (grounds.isPending)
    return (
      <p role="status" className="min-h-[40vh] text-sage">
        {messages.loading}
      </p>
    );
  if (grounds.isError)
    return (
      <p role="alert" className="text-lg text-danger">
        {breedingText.loadFailed}
      </p>
    );
  if (grounds.data.grounds.length === 0)
    return <p className="card p-6 text-lg text-bone">{breedingText.empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
      {grounds.data.grounds.map((ground, i) => (
        <GroundCard key={ground.id} ground={ground} first={i < FIRST_CARDS} />
      ))}
    </ul>
  );
}
