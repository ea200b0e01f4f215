/**
 * Signed-in requests against the same server sending the same bytes from memory (quality.md,
 * "Signed-in API": `GET /api/me`, a session check and one row, at least 40% of the memory
 * baseline at 32 connections). A second signed-in read, another person's public profile
 * (`GET /api/users/:id`), shows that the gain is the session check's, which every signed-in
 * route shares.
 *
 * Timings on the shared two-core machines are noisy, so each round measures a route and its
 * baseline back to back and the report gives each round's ratio and their median, with the load
 * average. The server (buildApp over PGlite in a temporary directory) runs in this process and
 * autocannon in a child process (support/load-client.ts), so a CPU profile of this process is the
 * server's: BENCH_PROFILE=<dir> writes one (.cpuprofile, for Chrome's DevTools or speedscope) per
 * route of the first round, taken while that route alone is under load.
 *   node --import tsx bench/signed-in.bench.ts [--write]     (BENCH_SECONDS, BENCH_ROUNDS, BENCH_PROFILE)
 * `--write` appends the figures to docs/benchmarks.md.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from '../test/support/dev-sign-in.js';
import { openMeasuredApi } from './support/measured-api.js';
import type { LoadResult } from './support/load-client.js';
import { load, machine } from './support/machine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const RATIO_TARGET = 0.4;
const PROFILE_DIR = process.env.BENCH_PROFILE;

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const { origin, memory, hammer, close } = await openMeasuredApi('camo-signed-in-bench-');

interface Measurement {
  route: string;
  round: number;
  signedIn: LoadResult;
  baseline: LoadResult;
  load: string;
}
const measurements: Measurement[] = [];
const loadBefore = load();
const started = performance.now();

try {
  const viewer = await signIn(origin, { name: 'Bench Marker', email: 'bench@example.com' });
  const other = await signIn(origin, { name: 'Other Person', email: 'other@example.com' });
  const otherId = (await other.json<{ id: string }>('/api/me')).body.id;
  const headers = { cookie: viewer.jar.header() };
  const routes = ['/api/me', `/api/users/${otherId}`];

  for (let round = 1; round <= ROUNDS; round++) {
    for (const route of routes) {
      const url = `${origin}${route}`;
      const reply = await fetch(url, { headers });
      memory.body = await reply.text();
      if (reply.status !== 200) throw new Error(`${route}: ${reply.status} ${memory.body}`);
      // A short warm-up, then the route and the baseline back to back.
      await hammer({ url, headers, connections: CONNECTIONS, seconds: 1 });
      const profile = PROFILE_DIR && round === 1 ? await startProfile() : undefined;
      const signedIn = await hammer({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
      if (profile) await profile.stop(`${label(route).replace(/\W+/g, '-')}.cpuprofile`);
      const baseline = await hammer({
        url: `${origin}/api/bench-memory`,
        headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      if (signedIn.errors || signedIn.non2xx || baseline.errors || baseline.non2xx)
        throw new Error(`failed requests: ${JSON.stringify({ signedIn, baseline })}`);
      const measurement = { route, round, signedIn, baseline, load: load() };
      measurements.push(measurement);
      console.log(format(measurement));
    }
  }

  const lines = report(routes);
  console.log(`\n${lines.join('\n')}`);
  if (process.argv.includes('--write')) {
    const docs = path.resolve(here, '../../../docs/benchmarks.md');
    appendFileSync(
      docs,
      `\n## Signed-in API (\`node --import tsx bench/signed-in.bench.ts\`), ${new Date().toISOString().slice(0, 10)}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
} finally {
  await close();
}

/** The server's CPU profile while one route is under load (node:inspector, in this process). */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(PROFILE_DIR!, { recursive: true });
      writeFileSync(path.join(PROFILE_DIR!, file), JSON.stringify(profile));
      console.log(`profile: ${path.join(PROFILE_DIR!, file)}`);
    },
  };
}

function label(route: string): string {
  return route === '/api/me' ? 'GET /api/me' : 'GET /api/users/:id';
}

function format({ route, round, signedIn: s, baseline: b, load: loadAfter }: Measurement): string {
  return [
    `round ${round}`,
    label(route).padEnd(19),
    `p50 ${ms(s.p50)}`,
    `p95 ${ms(s.p95)}`,
    `p99 ${ms(s.p99)} ms`,
    `${s.rps.toFixed(0)} req/s`,
    `baseline ${b.rps.toFixed(0)} req/s (p95 ${ms(b.p95)})`,
    `ratio ${((s.rps / b.rps) * 100).toFixed(0)}%`,
    `| load ${loadAfter}`,
  ].join('  ');
}

function report(routes: string[]): string[] {
  const lines = [
    `machine: ${machine}; PGlite; ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} rounds (the route, then the same bytes from memory)`,
    `load average ${loadBefore} before, ${load()} after; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
    `target: GET /api/me throughput >= ${RATIO_TARGET * 100}% of the baseline (latencies in ms)`,
    '',
    ...measurements.map(format),
    '',
  ];
  for (const route of routes) {
    const ratios = measurements.filter((m) => m.route === route).map((m) => m.signedIn.rps / m.baseline.rps);
    const rps = measurements.filter((m) => m.route === route).map((m) => m.signedIn.rps);
    lines.push(
      `${label(route)}: median ${median(rps).toFixed(0)} req/s, median ratio ${(median(ratios) * 100).toFixed(0)}% (rounds ${ratios.map((r) => (r * 100).toFixed(0) + '%').join(', ')})` +
        (route === '/api/me' ? `: ${median(ratios) >= RATIO_TARGET ? 'met' : 'MISSED'}` : ''),
    );
  }
  return lines;
}
