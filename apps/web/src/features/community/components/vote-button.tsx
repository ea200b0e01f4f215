import { useControlReady } from '@/lib/hydration';
import { useCastVote, useVoteStatus } from '../api/votes';

type VoteButtonProps = {
  designId: string;
  /** The signed-in viewer owns the design: they see a disabled 'Your Design' instead (spec §4). */
  isOwner: boolean;
  /** Shown until the viewer's own vote status arrives. */
  initialCount: number;
  /** The viewer's vote as the page already knows it from the server (gallery cards). */
  initialHasVoted?: boolean;
  /** The small control of a gallery card. */
  compact?: boolean;
  /** Names the design in the button's accessible name where several sit on one page. */
  designName?: string;
};

/** One vote per design per user; once cast it stays cast (spec §4 Voting). */
export function VoteButton({
  designId,
  isOwner,
  initialCount,
  initialHasVoted,
  compact = false,
  designName,
}: VoteButtonProps) {
  const known =
    initialHasVoted === undefined ? undefined : { voteCount: initialCount, hasVoted: initialHasVoted };
  const status = useVoteStatus(designId, { enabled: !isOwner, known });
  const vote = useCastVote(designId);
  const ready = useControlReady();
  const count = status.data?.voteCount ?? initialCount;
  const countLabel = `${count} ${count === 1 ? 'vote' : 'votes'}`;
  const size = compact ? 'btn-sm' : '';
  const forDesign = designName ? ` for ${designName}` : '';

  if (isOwner) {
    return (
      <div className="flex items-center gap-3">
        <button type="button" className={`btn btn-secondary ${size}`} disabled>
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
        className={`btn ${hasVoted ? 'btn-secondary' : 'btn-primary'} ${size}`}
        aria-pressed={hasVoted}
        aria-label={`${hasVoted ? 'Voted' : 'Vote'}${forDesign}`}
        {...ready(hasVoted || vote.isPending || !status.data)}
        onClick={() => vote.mutate()}
      >
        {hasVoted ? 'Voted' : 'Vote'}
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
