import { LRUCache } from 'lru-cache';
import type { SessionEvents } from './session-events.js';

/**
 * Something read about a person (their row, their standing), kept in this process for at most
 * `ttlMs` and only while session events are live (decision 021): a change to the person's row
 * in any process drops it here within moments, and a change this process makes drops it at once.
 * Without events nothing is kept, and every read goes to the database.
 */
export function createPersonCache<V extends object>(
  events: SessionEvents | undefined,
  options: { ttlMs: number; max?: number; now?: () => number },
) {
  const cache =
    events && options.ttlMs > 0
      ? new LRUCache<string, V>({
          max: options.max ?? 10_000,
          ttl: options.ttlMs,
          ttlResolution: 0,
          perf: options.now ? { now: options.now } : undefined,
        })
      : undefined;
  // Counts every event: a value read while one arrived may be from before the change, so it is
  // returned to its request but not kept.
  let epoch = 0;
  events?.subscribe((event) => {
    epoch++;
    if (event.kind === 'person') cache?.delete(event.id);
    else if (event.kind === 'missed') cache?.clear();
  });

  return {
    /** The kept value for `id`, or `load()`'s (kept when it found something). */
    async get(id: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!cache || !events?.live) return load();
      const kept = cache.get(id);
      if (kept) return kept;
      const at = epoch;
      const value = await load();
      if (value && events.live && at === epoch) cache.set(id, value);
      return value;
    },
  };
}
