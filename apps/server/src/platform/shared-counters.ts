import type { Logger } from 'pino';
import type { Db } from './db/database.js';
import { sharedCountersRepository } from './shared-counters.repository.js';

/**
 * Request counts shared by every API process through PostgreSQL, for the rate limits.
 *
 * Each process decides a request on its own exact count (so one process behaves exactly as an
 * in-memory limiter) plus what the other processes reported for the same key in the current
 * window of the clock. Writing every request to the database would cost a round trip per
 * request, so each process adds its own hits in one upsert a second, reading the totals back,
 * and re-reads the totals of keys it saw in the last few seconds: across processes a limit
 * holds to within about a second of traffic.
 */
export interface SharedCounters {
  /** Records one hit on `key` and returns the hits other processes reported for it this window. */
  hit(key: string, windowMs: number): number;
  /** Sends this process's hits now (also done every `flushMs`). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  windowMs: number;
  /** Start of the clock-aligned window the totals below belong to. */
  windowStart: number;
  /** Hits not yet sent. */
  pending: number;
  /** Hits this process has sent for the window. */
  sent: number;
  /** The window's total over every process, as last read from the database. */
  total: number;
  /** When this process last counted a hit on the key. */
  lastHit: number;
}

/** Rows older than this are deleted; longer than any window a limit uses. */
const KEEP_MS = 10 * 60_000;
/** Keys hit this recently have their totals re-read each flush even with nothing to report. */
const REFRESH_RECENT_MS = 10_000;
/** At most this many such keys are re-read per flush. */
const REFRESH_MAX_KEYS = 1000;
/** A process holds at most this many keys; the oldest windows go first. */
const MAX_KEYS = 100_000;

export function createSharedCounters(
  db: Db,
  log: Pick<Logger, 'warn'>,
  options: { flushMs?: number; now?: () => number } = {},
): SharedCounters {
  const flushMs = options.flushMs ?? 1000;
  const now = options.now ?? Date.now;
  const counters = sharedCountersRepository(db);
  const entries = new Map<string, Entry>();
  let flushing: Promise<void> | null = null;
  let lastPrune = 0;
  let failing = false;

  const windowOf = (at: number, windowMs: number) => Math.floor(at / windowMs) * windowMs;

  function evictExpired(at: number): void {
    for (const [key, entry] of entries) {
      if (entry.windowStart + entry.windowMs <= at) entries.delete(key);
    }
  }

  async function send(): Promise<void> {
    const at = now();
    evictExpired(at);
    const batch = [...entries].filter(([, e]) => e.pending > 0);
    if (batch.length > 0) {
      const counts = batch.map(([key, e]) => ({ key, entry: e, count: e.pending }));
      for (const { entry } of counts) entry.pending = 0;
      try {
        const rows = await counters.add(
          counts.map(({ key, entry, count }) => ({ key, windowStart: new Date(entry.windowStart), count })),
        );
        const totals = new Map(rows.map((r) => [`${r.key}\u0000${r.windowStart.getTime()}`, r.count]));
        for (const { key, entry, count } of counts) {
          entry.sent += count;
          entry.total = totals.get(`${key}\u0000${entry.windowStart}`) ?? entry.total;
        }
        failing = false;
      } catch (error) {
        // The limits still hold per process; the hits are sent with the next batch.
        for (const { entry, count } of counts) entry.pending += count;
        if (!failing) log.warn({ err: error }, 'rate-limit counters could not be shared');
        failing = true;
      }
    }
    // Keys this process saw lately but has nothing new on: read what the others added.
    const recent = [...entries]
      .filter(([, e]) => e.pending === 0 && at - e.lastHit < REFRESH_RECENT_MS)
      .slice(0, REFRESH_MAX_KEYS);
    if (recent.length > 0) {
      const rows = await counters.totals(recent.map(([key]) => key)).catch(() => []);
      const totals = new Map(rows.map((r) => [`${r.key}\u0000${r.windowStart.getTime()}`, r.count]));
      for (const [key, entry] of recent) {
        entry.total = totals.get(`${key}\u0000${entry.windowStart}`) ?? entry.total;
      }
    }
    if (at - lastPrune > 60_000) {
      lastPrune = at;
      await counters.prune(new Date(at - KEEP_MS)).catch(() => undefined);
    }
  }

  function flush(): Promise<void> {
    // One batch at a time; a flush asked for during one waits for it and sends what came since.
    flushing ??= send().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    hit(key, windowMs) {
      const at = now();
      const windowStart = windowOf(at, windowMs);
      let entry = entries.get(key);
      if (!entry || entry.windowStart !== windowStart || entry.windowMs !== windowMs) {
        if (!entry && entries.size >= MAX_KEYS) evictExpired(at);
        if (!entry && entries.size >= MAX_KEYS) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entry = { windowMs, windowStart, pending: 0, sent: 0, total: 0, lastHit: at };
        entries.set(key, entry);
      }
      entry.pending += 1;
      entry.lastHit = at;
      return Math.max(0, entry.total - entry.sent);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
