/**
 * What a rate-limit decision costs per request (decision 022), on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: `node --import tsx bench/rate-limit.bench.ts`.
 *
 * - memory: a plain in-process count per key, what a single process with no sharing pays;
 * - shared, one address: the batched counter (shared-counters.ts) on one hot key at the API's
 *   default limit (600 a minute: a reservation every 30 requests) and at a benchmark's 1,000,000;
 * - shared, a new address each request: every request is a key's first (one reservation each),
 *   the worst case, as for a crawl from many addresses;
 * - one upsert a request: the statement alone, what counting every request in the store costs.
 * Medians of five runs; the machine and its load are printed with them.
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { sharedCountersRepository } from '../src/platform/shared-counters.repository.js';
import { createSharedCounters } from '../src/platform/shared-counters.js';
import { openTestDatabase, type Backend } from '../test/support/test-server.js';
import { load, machine } from './support/machine.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Microseconds per call of `step` over `n` calls, the median of RUNS runs. */
async function perCall(n: number, step: (i: number, run: number) => unknown) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) await step(i, run);
    times.push(((performance.now() - start) * 1000) / n);
  }
  return median(times);
}

async function bench(backend: Backend): Promise<void> {
  const { database, drop } = await openTestDatabase(backend);
  try {
    const counts = new Map<string, number>();
    const memory = await perCall(100_000, (i) => {
      const key = `api:10.0.0.${i % 50}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });

    const shared = createSharedCounters(database.db, log);
    const hot600 = await perCall(600, (_, run) => shared.take(`api:hot-600-${run}`, MINUTE, 600));
    const hotMillion = await perCall(50_000, (_, run) => shared.take(`api:hot-1m-${run}`, MINUTE, 1_000_000));
    const newKeys = await perCall(2_000, (i, run) => shared.take(`api:new-${run}-${i}`, MINUTE, 600));
    await shared.close();

    const repository = sharedCountersRepository(database.db);
    const windowStart = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const upsert = await perCall(2_000, (_, run) => repository.add(`api:upsert-${run}`, windowStart, 1));

    const us = (v: number) => `${v.toFixed(2)} µs`;
    console.log(`rate-limit decision per request on ${backend} (median of ${RUNS} runs)`);
    console.log(`  memory (no sharing)                       ${us(memory)}`);
    console.log(`  shared, one address, limit 600            ${us(hot600)}`);
    console.log(`  shared, one address, limit 1,000,000      ${us(hotMillion)}`);
    console.log(`  shared, a new address every request       ${us(newKeys)}`);
    console.log(`  one upsert-and-return a request           ${us(upsert)}`);
  } finally {
    await drop();
  }
}

console.log(`${machine}; load ${load()}`);
await bench('pglite');
if (process.env.TEST_DATABASE_URL) await bench('postgres');
console.log(`load after ${load()}`);
