import type { DesignStatus } from '@camo/shared/generation.schema';
import { IllegalTransitionError } from '../platform/illegal-transition.js';

/**
 * Spec §4's design state machine, as data: the only place that says which status may follow
 * which. A design is created `pending_selection`; its owner submits it; a moderator hides a
 * submitted design and may restore it. Every write that moves a status names its move here and
 * makes the move's `from` part of its WHERE (design-queries.repository.ts#statusMove), so an
 * illegal move changes no row.
 */
export const designMoves = {
  submit: { from: ['pending_selection'], to: 'submitted' },
  hide: { from: ['submitted'], to: 'hidden' },
  restore: { from: ['hidden'], to: 'submitted' },
} as const satisfies Record<string, { from: readonly DesignStatus[]; to: DesignStatus }>;

export type DesignMove = keyof typeof designMoves;

export function canMoveDesign(from: DesignStatus, to: DesignStatus): boolean {
  return Object.values(designMoves).some(
    (move) => move.to === to && (move.from as readonly DesignStatus[]).includes(from),
  );
}

export function assertDesignTransition(from: DesignStatus, to: DesignStatus): void {
  if (!canMoveDesign(from, to)) throw new IllegalTransitionError('design', from, to);
}
