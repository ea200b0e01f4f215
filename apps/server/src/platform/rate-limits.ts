import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedCounters, Taken } from './shared-counters.js';

/**
 * The one request counter behind every rate limit: the API's (@fastify/rate-limit), better-auth's
 * own for sign-in, and the pages' (web/page-rate-limit.ts). Each key's budget is counted across
 * every API process in the database (shared-counters.ts, decision 022).
 */
export interface RequestCounter {
  /** Counts one request on `key` against `max` a window of `windowMs`. */
  take(key: string, windowMs: number, max: number): Promise<Taken>;
}

/**
 * Requests the server sends itself while rendering a page (web/server-render.ts): the page was
 * counted against the page budget, so what it asks the API is not counted again (decision 022).
 */
const serverRender = new AsyncLocalStorage<true>();

/** Runs `work` (a server render's own request to the API) outside every rate limit. */
export function uncounted<T>(work: () => PromiseLike<T>): Promise<T> {
  // `then` is called inside the scope: Fastify's inject (light-my-request) is a lazy thenable
  // that starts its request only then, and the request runs in the context that called it.
  return serverRender.run(
    true,
    () =>
      new Promise<T>((resolve, reject) => {
        void work().then(resolve, reject);
      }),
  );
}

export function createRequestCounter(shared: SharedCounters): RequestCounter {
  return {
    take(key, windowMs, max) {
      if (serverRender.getStore()) return Promise.resolve({ allowed: true, current: 0, ttl: windowMs });
      return shared.take(key, windowMs, max);
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
      max: number,
    ) {
      counter.take(prefix + key, timeWindow, max).then(
        ({ current, ttl }) => callback(null, { current, ttl }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** better-auth's `rateLimit.customStorage` over the counter. */
export function betterAuthRateLimitStorage(counter: RequestCounter, prefix = 'auth:') {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const { allowed, ttl } = await counter.take(prefix + key, rule.window * 1000, rule.max);
      return allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
  };
}
