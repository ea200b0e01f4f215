import { useCastVote, useVoteStatus } from '../api/votes';

type VoteButtonProps = {
  designId: string;
  /** The signed-in viewer owns the design: they see a disabled 'Your Design' instead (spec §4). */
  isOwner: boolean;
  /** Shown until the viewer's own vote status arrives. */
  initialCount: number;
};

/** One vote per design per user; once cast it stays cast (spec §4 Voting). */
export function VoteButton({ designId, isOwner, initialCount }: VoteButtonProps) {
  const status = useVoteStatus(designId, !isOwner);
  const vote = useCastVote(designId);
  const count = status.data?.voteCount ?? initialCount;
  const countLabel = `${count} ${count === 1 ? 'vote' : 'votes'}`;

  if (isOwner) {
    return (
      <div className="flex items-center gap-3">
        <button type="button" className="btn btn-secondary" disabled>
          Your Design
        </button>
        <span className="text-sage">{countLabel}</span>
      </div>
    );
  }

  const hasVoted = status.data?.hasVoted ?? false;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={`btn ${hasVoted ? 'btn-secondary' : 'btn-primary'}`}
        aria-pressed={hasVoted}
        disabled={hasVoted || vote.isPending || !status.data}
        onClick={() => vote.mutate()}
      >
        {hasVoted ? 'Voted' : vote.isPending ? 'Voting...' : 'Vote'}
      </button>
      <span className="text-sage" aria-live="polite">
        {countLabel}
      </span>
      {vote.isError && (
        <p role="alert" className="w-full text-danger">
          {vote.error.message}
        </p>
      )}
    </div>
  );
}
