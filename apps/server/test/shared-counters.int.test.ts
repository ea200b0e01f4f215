import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.js';
import { betterAuthRateLimitStorage, createRequestCounter } from '../src/platform/rate-limits.js';
import { createSharedCounters, type SharedCounters } from '../src/platform/shared-counters.js';
import { backends, openTestDatabase } from './support/test-server.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

describe.each(backends)('rate-limit counts shared through the database on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  /** The clock, a few seconds into a minute so no test crosses a window's end. */
  let clock = Date.UTC(2026, 10, 24, 12, 0, 5);
  const now = () => clock;
  const made: SharedCounters[] = [];
  const counters = () => {
    const c = createSharedCounters(database.db, log, { flushMs: 3_600_000, now });
    made.push(c);
    return c;
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    for (const c of made) await c.close();
    await drop();
  });

  it("a process sees the other processes' hits on a key once both have reported", async () => {
    const [one, two] = [counters(), counters()];
    expect(one.hit('ip:a', MINUTE)).toBe(0);
    for (let i = 0; i < 5; i++) expect(two.hit('ip:a', MINUTE)).toBe(0);
    await two.flush();
    await one.flush();
    // One reported 1 and read back 6: the other five are someone else's.
    expect(one.hit('ip:a', MINUTE)).toBe(5);
    expect(one.hit('ip:b', MINUTE)).toBe(0);
    await one.flush();
    await two.flush();
    expect(two.hit('ip:a', MINUTE)).toBe(2);
  });

  it('starts over in the next window of the clock', async () => {
    const [one, two] = [counters(), counters()];
    two.hit('ip:c', MINUTE);
    await two.flush();
    one.hit('ip:c', MINUTE);
    await one.flush();
    expect(one.hit('ip:c', MINUTE)).toBe(1);
    clock += MINUTE;
    expect(one.hit('ip:c', MINUTE)).toBe(0);
    clock -= MINUTE;
  });

  it('one budget for an address over two API processes', async () => {
    const [one, two] = [createRequestCounter(counters(), now), createRequestCounter(counters(), now)];
    const [limitOne, limitTwo] = [betterAuthRateLimitStorage(one), betterAuthRateLimitStorage(two)];
    const rule = { window: 60, max: 10 };
    for (let i = 0; i < 6; i++) expect((await limitOne.consume('ip:d', rule)).allowed).toBe(true);
    for (const c of made) await c.flush();
    for (let i = 0; i < 4; i++) expect((await limitTwo.consume('ip:d', rule)).allowed).toBe(true);
    // Each process reports, then reads what the others reported (a second apart in a server).
    for (const c of made) await c.flush();
    for (const c of made) await c.flush();
    // 6 + 4 used: the next request is refused by either process, with the wait until the window ends.
    expect(await limitTwo.consume('ip:d', rule)).toEqual({ allowed: false, retryAfter: 60 });
    expect((await limitOne.consume('ip:d', rule)).allowed).toBe(false);
  });
});
