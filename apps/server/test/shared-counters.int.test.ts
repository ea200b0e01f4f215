import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.js';
import { rateLimitCounters } from '../src/platform/db/schema.js';
import { betterAuthRateLimitStorage, createRequestCounter, uncounted } from '../src/platform/rate-limits.js';
import { batchSize, createSharedCounters, type SharedCounters } from '../src/platform/shared-counters.js';
import { backends, openTestDatabase } from './support/test-server.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

describe.each(backends)('rate-limit budgets shared through the database on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  /** The clock, a few seconds into a minute so no test crosses a window's end. */
  let clock = Date.UTC(2026, 10, 24, 12, 0, 5);
  const now = () => clock;
  const made: SharedCounters[] = [];
  const counters = (db = database) => {
    const c = createSharedCounters(db.db, log, { now });
    made.push(c);
    return c;
  };
  const storedCount = async (key: string) => {
    const windowStart = new Date(Math.floor(clock / MINUTE) * MINUTE);
    const rows = await database.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    return rows[0]?.count ?? 0;
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    for (const c of made) await c.close();
    await drop();
  });

  it('two processes taking in turn accept exactly the budget between them', async () => {
    const [one, two] = [counters(), counters()];
    const allowed: boolean[] = [];
    for (let i = 0; i < 20; i++) allowed.push((await (i % 2 ? two : one).take('ip:a', MINUTE, 10)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(10);
    expect(allowed.slice(0, 10)).toEqual(Array(10).fill(true));
  });

  it('a burst over two processes at once accepts at most the budget, and all but one batch of it', async () => {
    const [one, two] = [counters(), counters()];
    const max = 100;
    const taken = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? two : one).take('ip:b', MINUTE, max)),
    );
    const accepted = taken.filter((t) => t.allowed).length;
    expect(accepted).toBeLessThanOrEqual(max);
    // Only the other process's last batch can be left unused.
    expect(accepted).toBeGreaterThan(max - batchSize(max));
    // Every accepted request has a position of its own within the budget.
    const positions = taken.filter((t) => t.allowed).map((t) => t.current);
    expect(new Set(positions).size).toBe(positions.length);
    expect(Math.max(...positions)).toBeLessThanOrEqual(max);
  });

  it('refuses a spent key without asking the database again', async () => {
    const one = counters();
    for (let i = 0; i < 5; i++) expect((await one.take('ip:c', MINUTE, 5)).allowed).toBe(true);
    const spent = await storedCount('ip:c');
    for (let i = 0; i < 50; i++) expect((await one.take('ip:c', MINUTE, 5)).allowed).toBe(false);
    expect(await storedCount('ip:c')).toBe(spent);
  });

  it('starts over in the next window of the clock, with the time left until it ends', async () => {
    const one = counters();
    for (let i = 0; i < 3; i++) await one.take('ip:d', MINUTE, 3);
    expect(await one.take('ip:d', MINUTE, 3)).toEqual({ allowed: false, current: 4, ttl: 55_000 });
    clock += MINUTE;
    expect((await one.take('ip:d', MINUTE, 3)).allowed).toBe(true);
    clock -= MINUTE;
  });

  it('one sign-in budget for an address over two API processes, and the wait until it comes back', async () => {
    const [one, two] = [createRequestCounter(counters()), createRequestCounter(counters())];
    const [limitOne, limitTwo] = [betterAuthRateLimitStorage(one), betterAuthRateLimitStorage(two)];
    const rule = { window: 60, max: 10 };
    for (let i = 0; i < 6; i++) expect((await limitOne.consume('ip:e', rule)).allowed).toBe(true);
    for (let i = 0; i < 4; i++) expect((await limitTwo.consume('ip:e', rule)).allowed).toBe(true);
    // 6 + 4 used: the next request is refused by either process, until the minute of the clock ends.
    expect(await limitTwo.consume('ip:e', rule)).toEqual({ allowed: false, retryAfter: 55 });
    expect((await limitOne.consume('ip:e', rule)).allowed).toBe(false);
  });

  it("does not count a server render's own requests", async () => {
    const counter = createRequestCounter(counters());
    for (let i = 0; i < 5; i++) {
      const taken = await uncounted(() => counter.take('ip:f', MINUTE, 2));
      expect(taken.allowed).toBe(true);
    }
    expect(await storedCount('ip:f')).toBe(0);
    expect((await counter.take('ip:f', MINUTE, 2)).current).toBe(1);
  });

  it('keeps each limit in the process alone while the database is out of reach', async () => {
    const gone = await openTestDatabase(backend);
    await gone.database.close();
    const alone = counters(gone.database);
    const allowed: boolean[] = [];
    for (let i = 0; i < 8; i++) allowed.push((await alone.take('ip:g', MINUTE, 5)).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false, false, false]);
    await gone.drop();
  });
});
