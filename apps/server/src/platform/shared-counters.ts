import type { Logger } from 'pino';
import type { Db } from './db/database.js';
import { sharedCountersRepository } from './shared-counters.repository.js';

/**
 * Per-key request budgets shared by every API process through the database (decision 022).
 *
 * A budget is `max` requests per clock-aligned window of `windowMs`. The database keeps one row
 * per key and window whose count only grows; a process takes a batch of the budget from it in
 * one atomic upsert (`count = count + batch RETURNING count`), which tells it exactly which
 * positions of the budget it got (none past `max`), and answers requests from that batch in
 * memory until it is used up. So the processes together never accept more than `max` in a
 * window, whatever the burst; what a batch costs is that up to `batch - 1` positions may sit
 * unused in one process while another refuses (at most 5% of `max` a process). Once the count
 * has reached `max`, a process refuses the key without asking again until the window ends.
 */
export interface SharedCounters {
  /** Takes one request from `key`'s budget of `max` in the current window. */
  take(key: string, windowMs: number, max: number): Promise<Taken>;
  close(): Promise<void>;
}

export interface Taken {
  allowed: boolean;
  /** The request's position in the window's budget over every process (above `max` when refused). */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface Entry {
  windowStart: number;
  windowMs: number;
  /** Positions reserved by this process and not yet used. */
  tokens: number;
  /** The position the next of them stands for. */
  next: number;
  /** Positions this process was granted this window (the limit it keeps alone when the database is away). */
  granted: number;
  /** The window's count reached `max`: refuse once the tokens are used, without asking. */
  exhausted: boolean;
  reserving: Promise<void> | null;
}

/** A batch is this share of the budget: the most one process can leave unused. */
const BATCH_SHARE = 0.05;
/** A reservation the database has not answered within this is decided by this process alone. */
const RESERVE_TIMEOUT_MS = 1000;
/** After a failed reservation, this process decides alone for this long before asking again. */
const OFFLINE_MS = 5000;
/** Rows older than this are deleted; longer than any window a limit uses. */
const KEEP_MS = 10 * 60_000;
/** A process holds at most this many keys; the oldest go first. */
const MAX_KEYS = 100_000;

/** How many positions of a budget of `max` one reservation takes. */
export function batchSize(max: number): number {
  return Math.max(1, Math.floor(max * BATCH_SHARE));
}

export function createSharedCounters(
  db: Db,
  log: Pick<Logger, 'warn'>,
  options: { now?: () => number } = {},
): SharedCounters {
  const now = options.now ?? Date.now;
  const counters = sharedCountersRepository(db);
  const entries = new Map<string, Entry>();
  const pending = new Set<Promise<unknown>>();
  let offlineUntil = 0;
  let lastSweep = 0;

  function sweep(at: number): void {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, entry] of entries) {
      if (entry.windowStart + entry.windowMs <= at && !entry.reserving) entries.delete(key);
    }
    const pruning = counters.prune(new Date(at - KEEP_MS)).catch(() => undefined);
    pending.add(pruning);
    void pruning.finally(() => pending.delete(pruning));
  }

  function entryFor(key: string, windowMs: number, at: number): Entry {
    const windowStart = Math.floor(at / windowMs) * windowMs;
    let entry = entries.get(key);
    if (entry && entry.windowStart === windowStart && entry.windowMs === windowMs) return entry;
    if (!entry && entries.size >= MAX_KEYS) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entry = { windowStart, windowMs, tokens: 0, next: 0, granted: 0, exhausted: false, reserving: null };
    entries.set(key, entry);
    return entry;
  }

  /** Grants this process the positions `total - batch + 1 .. min(total, max)`. */
  function grant(entry: Entry, total: number, batch: number, max: number): void {
    const first = total - batch + 1;
    const granted = Math.max(0, Math.min(batch, max - first + 1));
    entry.tokens += granted;
    entry.next = first;
    entry.granted += granted;
    if (total >= max) entry.exhausted = true;
  }

  async function reserve(key: string, entry: Entry, max: number): Promise<void> {
    const batch = batchSize(max);
    if (now() >= offlineUntil) {
      const added = counters.add(key, new Date(entry.windowStart), batch);
      pending.add(added);
      void added.catch(() => undefined).finally(() => pending.delete(added));
      let timer: NodeJS.Timeout | undefined;
      try {
        const total = await Promise.race([
          added,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer in time')), RESERVE_TIMEOUT_MS);
          }),
        ]);
        grant(entry, total, batch, max);
        return;
      } catch (error) {
        offlineUntil = now() + OFFLINE_MS;
        log.warn({ err: error }, 'rate-limit counters out of reach: each process keeps the limits alone');
      } finally {
        clearTimeout(timer);
      }
    }
    // The database is out of reach: this process keeps the limit on its own count.
    grant(entry, entry.granted + batch, batch, max);
  }

  return {
    async take(key, windowMs, max) {
      const at = now();
      sweep(at);
      const entry = entryFor(key, windowMs, at);
      const ttl = entry.windowStart + windowMs - at;
      for (;;) {
        if (entry.tokens > 0) {
          entry.tokens -= 1;
          return { allowed: true, current: entry.next++, ttl };
        }
        if (entry.exhausted) return { allowed: false, current: max + 1, ttl };
        // Requests arriving while a reservation is out wait for it rather than send their own.
        entry.reserving ??= reserve(key, entry, max).finally(() => {
          entry.reserving = null;
        });
        await entry.reserving;
      }
    },
    async close() {
      await Promise.allSettled([...pending]);
    },
  };
}
