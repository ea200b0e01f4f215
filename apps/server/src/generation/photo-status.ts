import type { EnvironmentPhotoStatus } from '@camo/shared/generation.schema';
import { IllegalTransitionError } from '../platform/illegal-transition.js';

/**
 * Spec §4's photo state machine as data (the design's is designs/design-status.ts). Every status
 * change goes through `photoStatusesBefore` inside a conditional UPDATE
 * (generation.repository.ts), so an illegal move is refused, not written.
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
