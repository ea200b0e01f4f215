import { describe, expect, it } from 'vitest';
import { pollWhile } from './poll';

const query = (data: { done: boolean } | undefined, status: string, dataUpdateCount: number) => ({
  state: { data, status, dataUpdateCount },
});

describe('pollWhile', () => {
  const interval = pollWhile((data: { done: boolean }) => !data.done, { everyMs: 1500, atMost: 3 });

  it('asks again while the answer is incomplete, up to its limit', () => {
    expect(interval(query({ done: false }, 'success', 1))).toBe(1500);
    expect(interval(query({ done: false }, 'success', 3))).toBe(false);
  });

  it('stops once complete, and never after a failed or missing answer', () => {
    expect(interval(query({ done: true }, 'success', 1))).toBe(false);
    expect(interval(query({ done: false }, 'error', 1))).toBe(false);
    expect(interval(query(undefined, 'pending', 0))).toBe(false);
  });
});
