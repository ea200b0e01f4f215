import type { DesignStatus, EnvironmentPhotoStatus } from '@camo/shared/generation';

/**
 * Spec §4 state machines as data. Every status change goes through `assertTransition` (or its
 * `allowedFrom` list inside a conditional UPDATE), so an illegal move is refused, not written.
 *
 * Environment photo: pending -> uploaded (stored) -> processing -> completed, or failed from any
 * unfinished state. `processing -> processing` is a job resuming after a crash.
 */
const photoMoves: Record<EnvironmentPhotoStatus, readonly EnvironmentPhotoStatus[]> = {
  pending: ['uploaded', 'failed'],
  uploaded: ['processing', 'failed'],
  processing: ['processing', 'completed', 'failed'],
  completed: [],
  failed: [],
};

/**
 * Design: created as pending_selection; submitted on submit; a moderator may hide a submitted
 * design and restore it (moderation/).
 */
const designMoves: Record<DesignStatus, readonly DesignStatus[]> = {
  pending_selection: ['submitted'],
  submitted: ['hidden'],
  hidden: ['submitted'],
};

export class IllegalTransitionError extends Error {
  constructor(kind: string, from: string, to: string) {
    super(`${kind} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function canMovePhoto(from: EnvironmentPhotoStatus, to: EnvironmentPhotoStatus): boolean {
  return photoMoves[from].includes(to);
}

export function assertPhotoTransition(from: EnvironmentPhotoStatus, to: EnvironmentPhotoStatus): void {
  if (!canMovePhoto(from, to)) throw new IllegalTransitionError('environment photo', from, to);
}

/** The statuses a photo may be in for a move to `to`: the WHERE of a conditional UPDATE. */
export function photoStatusesBefore(to: EnvironmentPhotoStatus): EnvironmentPhotoStatus[] {
  return (Object.keys(photoMoves) as EnvironmentPhotoStatus[]).filter((from) => canMovePhoto(from, to));
}

export function isPhotoFinished(status: EnvironmentPhotoStatus): boolean {
  return photoMoves[status].length === 0;
}

export function canMoveDesign(from: DesignStatus, to: DesignStatus): boolean {
  return designMoves[from].includes(to);
}

export function designStatusesBefore(to: DesignStatus): DesignStatus[] {
  return (Object.keys(designMoves) as DesignStatus[]).filter((from) => canMoveDesign(from, to));
}
