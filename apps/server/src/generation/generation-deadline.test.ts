import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from './generation.service.js';
import { DeadlineError } from './provider.js';

describe('a design’s deadline', () => {
  it('hands the work a signal that aborts when the deadline passes, and rejects then', async () => {
    let seen: AbortSignal | undefined;
    let at = 0;
    const started = Date.now();
    const outcome = withDeadline((deadline) => {
      seen = deadline.signal;
      at = deadline.at;
      return new Promise<never>(() => undefined);
    }, 200);
    await expect(outcome).rejects.toThrow('the design did not arrive within 200 ms');
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(DeadlineError);
    expect(at - started).toBeGreaterThanOrEqual(199);
    expect(at - started).toBeLessThan(1_000);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves the signal alone when the work finishes in time', async () => {
    // The clock moved past the deadline instead of a sleep: a timer left behind would fire.
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const value = await withDeadline(async (deadline) => {
      seen = deadline.signal;
      return 'done';
    }, 200);
    expect(value).toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(300);
    expect(seen?.aborted).toBe(false);
  });
});
