import { communityMessages, type VoteStatus } from '@camo/shared/community.schema';
import { messages } from '@camo/shared/messages';
import { canView } from '../designs/design-policy.js';
import { ForbiddenError, NotFoundError } from '../platform/http-errors.js';
import type { VotesRepository } from './votes.repository.js';

export function createVotesService(
  repo: VotesRepository,
  hooks: { onVote?: () => void; now?: () => Date } = {},
) {
  // The vote's time decides which contest result it counts for (contest/contest.service.ts).
  const now = hooks.now ?? (() => new Date());
  return {
    /**
     * One vote per user per design, never on one's own or an unsubmitted design. A repeat is
     * answered like the first vote (same count), so a retried click cannot count twice.
     */
    async vote(designId: string, userId: string): Promise<VoteStatus> {
      const cast = await repo.cast(userId, designId, now());
      if (cast) {
        hooks.onVote?.();
        return { voteCount: cast.voteCount, hasVoted: true };
      }
      const design = await repo.design(designId);
      if (!design || !canView(design, userId)) throw new NotFoundError(messages.designNotFound);
      if (design.userId === userId) throw new ForbiddenError(communityMessages.ownDesignVote);
      // Not inserted although allowed: the vote already exists.
      return { voteCount: design.voteCount, hasVoted: await repo.hasVoted(userId, designId) };
    },

    /** Which of these designs the user has voted for (the gallery's cards). */
    async mine(userId: string, designIds: string[]): Promise<{ designIds: string[] }> {
      return { designIds: await repo.votedAmong(userId, [...new Set(designIds)]) };
    },

    /** The count and whether this user has voted: the voted state comes from the server. */
    async status(designId: string, userId: string): Promise<VoteStatus> {
      const design = await repo.design(designId);
      if (!design || !canView(design, userId)) throw new NotFoundError(messages.designNotFound);
      return { voteCount: design.voteCount, hasVoted: await repo.hasVoted(userId, designId) };
    },
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
