import type { HuntRound, HuntTapResult } from '@camo/shared/hunt.schema';

export type Reveal = Extract<HuntTapResult, { reveal: unknown }>['reveal'];
export type Ending =
  | { result: 'found'; ms: number }
  | { result: 'timeout' }
  | { result: 'out_of_misses' }
  | { result: 'too_fast' }
  /** The tab was hidden during the round: it counts nowhere. */
  | { result: 'void' };

/** Where one hunt page is: waiting, loading a round, playing it, or showing how it ended. */
export type Play =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'playing'; round: HuntRound; imageUrl: string; shownAt: number; misses: number }
  | { phase: 'ended'; round: HuntRound; imageUrl: string; ending: Ending; misses: number; reveal: Reveal }
  /** `final`: nothing is left to play (another press would only say so again). */
  | { phase: 'error'; message: string; final?: boolean };
