/** A status change its state machine does not allow (generation/photo-status.ts, designs/design-status.ts). */
export class IllegalTransitionError extends Error {
  constructor(kind: string, from: string, to: string) {
    super(`${kind} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}
