import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedCounters } from './shared-counters.js';

/**
 * The one request counter behind both rate limiters (the API's, @fastify/rate-limit, and
 * better-auth's own for sign-in): a window per key that starts at its first request, counted
 * exactly in this process, plus the requests other API processes reported for the key
 * (shared-counters.ts), so that several processes behind one address share one budget.
 */
export interface RequestCounter {
  /** Counts one request on `key`; its count over every process in the window, and ms left. */
  take(key: string, windowMs: number): { current: number; ttl: number };
}

interface Window {
  start: number;
  windowMs: number;
  count: number;
}

const PRUNE_EVERY = 1000;

export function createRequestCounter(shared: SharedCounters, now: () => number = Date.now): RequestCounter {
  const windows = new Map<string, Window>();
  let takes = 0;

  return {
    take(key, windowMs) {
      const at = now();
      if (++takes % PRUNE_EVERY === 0) {
        for (const [k, w] of windows) if (w.start + w.windowMs <= at) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.start + w.windowMs <= at || w.windowMs !== windowMs) {
        w = { start: at, windowMs, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      const others = shared.hit(key, windowMs);
      return { current: w.count + others, ttl: w.start + windowMs - at };
    },
  };
}

/** @fastify/rate-limit's store interface over the counter (one store serves every route). */
export function fastifyRateLimitStore(counter: RequestCounter, prefix = 'api:'): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      callback(null, counter.take(prefix + key, timeWindow));
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** better-auth's `rateLimit.customStorage` over the counter. */
export function betterAuthRateLimitStorage(counter: RequestCounter, prefix = 'auth:') {
  return {
    consume(key: string, rule: { window: number; max: number }) {
      const { current, ttl } = counter.take(prefix + key, rule.window * 1000);
      return Promise.resolve(
        current <= rule.max
          ? { allowed: true, retryAfter: null }
          : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) },
      );
    },
  };
}
