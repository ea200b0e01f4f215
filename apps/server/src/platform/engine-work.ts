import { apiMessages } from '@camo/shared/api-messages';
import { LRUCache } from 'lru-cache';
import { HttpError } from './http-errors.js';

/**
 * Engine work a request asks for (the design page's viewer, the blend preview, a design in a
 * person's ground photo and its viewer, a ground photo's profile at a new eye, a print file):
 * each computation is kept by its inputs, runs on the engine's worker threads, and is admitted
 * through one gate per process, so a burst of it waits in a short queue or is refused with
 * Retry-After instead of queueing without bound (decision 025).
 */
export interface EngineWorkSettings {
  /** Computations one person may have running or waiting at once (more: 429). */
  perPerson: number;
  /** Computations running at once; the engine has this many threads for them at most. */
  running: number;
  /** Computations waiting for a turn at most, everyone's together (more: 503). */
  queued: number;
  /** Bytes of results kept in memory (pictures; other results count a kilobyte). */
  cacheBytes: number;
}

/** The bounds where a service is built without its own (a test's service): the configuration's defaults on one thread. */
export const ENGINE_WORK_DEFAULTS: EngineWorkSettings = {
  perPerson: 3,
  running: 1,
  queued: 6,
  cacheBytes: 64 * 1024 * 1024,
};

/** Refused for now: the reply carries Retry-After (http/error-handler.ts). */
export class RetryLaterError extends HttpError {
  constructor(
    statusCode: 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

/**
 * The key of a computation: what it is and every input it is given, in a fixed order. Images are
 * named by what identifies their bytes (a stored image's key, a ground photo's id: neither is
 * ever rewritten), so anything a later version passes to the engine is part of the key as soon as
 * it is passed.
 */
export function workKey(what: string, inputs: Record<string, string | number | boolean | null>): string {
  return JSON.stringify([
    what,
    ...Object.keys(inputs)
      .sort()
      .map((k) => [k, inputs[k]]),
  ]);
}

interface Waiting {
  start: () => void;
}

export function createEngineWork(settings: EngineWorkSettings) {
  const kept = new LRUCache<string, { value: unknown }>({
    maxSize: Math.max(1, settings.cacheBytes),
    sizeCalculation: (entry) =>
      entry.value instanceof Uint8Array ? Math.max(1, entry.value.byteLength) : 1024,
  });
  /** Computations under way by key: a second request for the same one waits for it, at no cost. */
  const underWay = new Map<string, Promise<unknown>>();
  const perPerson = new Map<string, number>();
  const queue: Waiting[] = [];
  let running = 0;
  /** The recent time of one computation (ms), for Retry-After; a second until measured. */
  let typicalMs = 1000;

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  const busyForYou = () => {
    const wait = seconds(typicalMs);
    return new RetryLaterError(429, 'engine_busy_for_you', apiMessages.engineBusyForYou(wait), wait);
  };
  /** A person's requests for engine work in progress, from before their first database read. */
  const inProgress = new Map<string, number>();

  function admit(userId: string): void {
    const mine = perPerson.get(userId) ?? 0;
    if (mine >= settings.perPerson) throw busyForYou();
    if (running >= settings.running && queue.length >= settings.queued) {
      const wait = seconds((typicalMs * (queue.length + running)) / Math.max(1, settings.running));
      throw new RetryLaterError(503, 'engine_busy', apiMessages.engineBusy(wait), wait);
    }
    perPerson.set(userId, mine + 1);
  }

  function release(userId: string): void {
    const mine = (perPerson.get(userId) ?? 1) - 1;
    if (mine <= 0) perPerson.delete(userId);
    else perPerson.set(userId, mine);
  }

  async function turn(): Promise<void> {
    if (running < settings.running) {
      running++;
      return;
    }
    await new Promise<void>((resolve) => queue.push({ start: resolve }));
  }

  function next(): void {
    const waiting = queue.shift();
    // The slot passes straight to the next in line; otherwise it is free.
    if (waiting) waiting.start();
    else running--;
  }

  async function compute<T>(userId: string, make: () => Promise<T>): Promise<T> {
    admit(userId);
    try {
      await turn();
      const started = performance.now();
      try {
        return await make();
      } finally {
        typicalMs = typicalMs * 0.8 + (performance.now() - started) * 0.2;
        next();
      }
    } finally {
      release(userId);
    }
  }

  /**
   * The value of `load` for `key`: kept in memory from before, joined while under way (a second
   * request for the same computation waits for the first, at no cost), or loaded now. `keep:
   * false` for values kept elsewhere (a database row): then only joined.
   */
  async function cached<T>(
    key: string,
    load: () => Promise<T>,
    options: { keep?: boolean } = {},
  ): Promise<T> {
    const hit = kept.get(key);
    if (hit) return hit.value as T;
    const pending = underWay.get(key) as Promise<T> | undefined;
    if (pending) {
      try {
        return await pending;
      } catch (error) {
        // Refused for the person who started it (their own limit): this one asks for itself.
        if (!(error instanceof RetryLaterError && error.statusCode === 429)) throw error;
        return cached(key, load, options);
      }
    }
    const promise = load();
    underWay.set(key, promise);
    try {
      const value = await promise;
      if (options.keep !== false) kept.set(key, { value });
      return value;
    } finally {
      underWay.delete(key);
    }
  }

  return {
    /**
     * A request that may need the engine, from its start: a person may have twice their
     * computations' worth in progress (the rest are kept pictures, joins, or refused at the gate);
     * one more is refused at once (429), before it reads anything, so a burst from one person costs
     * the database and the file store as much as these few (decision 025).
     */
    async request<T>(userId: string, handle: () => Promise<T>): Promise<T> {
      const mine = inProgress.get(userId) ?? 0;
      if (mine >= settings.perPerson * 2) throw busyForYou();
      inProgress.set(userId, mine + 1);
      try {
        return await handle();
      } finally {
        const left = (inProgress.get(userId) ?? 1) - 1;
        if (left <= 0) inProgress.delete(userId);
        else inProgress.set(userId, left);
      }
    },

    cached,

    /**
     * Runs `make` (the engine's work, with the decoding and encoding around it) when `userId` may
     * start one more and it gets a turn: at most `running` at once, `queued` waiting; else refused
     * with RetryLaterError (429 for the person's own limit, 503 for everyone's queue).
     */
    gated: compute,
  };
}

export type EngineWork = ReturnType<typeof createEngineWork>;
