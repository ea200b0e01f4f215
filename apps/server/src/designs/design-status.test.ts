import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from '../platform/illegal-transition.js';
import { assertDesignTransition, canMoveDesign, designMoves } from './design-status.js';

describe('design status (spec §4), the table the writes use', () => {
  it('goes from pending_selection to submitted once', () => {
    expect(canMoveDesign('pending_selection', 'submitted')).toBe(true);
    expect(canMoveDesign('submitted', 'submitted')).toBe(false);
    expect(canMoveDesign('submitted', 'pending_selection')).toBe(false);
  });

  it('lets a submitted design be hidden and restored, and nothing else', () => {
    expect(canMoveDesign('submitted', 'hidden')).toBe(true);
    expect(canMoveDesign('hidden', 'submitted')).toBe(true);
    expect(canMoveDesign('pending_selection', 'hidden')).toBe(false);
    expect(designMoves.hide.from).toEqual(['submitted']);
    // The owner's submit starts from a draft only: hidden -> submitted is the moderator's restore.
    expect(designMoves.submit.from).toEqual(['pending_selection']);
  });

  it('refuses an illegal move with a named error', () => {
    expect(() => assertDesignTransition('pending_selection', 'hidden')).toThrow(IllegalTransitionError);
    expect(() => assertDesignTransition('hidden', 'pending_selection')).toThrow(/design cannot move/);
    expect(() => assertDesignTransition('submitted', 'hidden')).not.toThrow();
  });
});
