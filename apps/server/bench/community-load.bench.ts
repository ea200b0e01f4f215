/**
 * Issue 12's load test: signed-in people (200 by default) browse the gallery, open designs, vote
 * and comment for five minutes while generations run, against one embedded server: the real
 * process `npm start` runs (src/main.ts, PGlite), so the load generator here does not share its
 * event loop. Each person waits 0.5-1.5 s between actions, as people do.
 *
 * Prints p50/p95/p99 per action, the errors (5xx or no answer) and the unexpected 4xx, and the
 * machine; `--write` appends them to docs/benchmarks.md. `--people N` and `--seconds N` shorten it.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/platform/db/database.js';
import { createSubmittedDesign, createUsers } from '../test/support/community-factory.js';
import { signIn, type Client } from '../test/support/dev-sign-in.js';
import { upload } from '../test/support/generation-client.js';
import { startServerProcess, waitFor } from '../test/support/server-process.js';
import { freePort } from '../test/support/test-server.js';
import { load, machine } from './support/machine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const PEOPLE = arg('people', 200);
const SECONDS = arg('seconds', 300);
const DESIGNS = 300;
const STATES = ['AZ', 'TX', 'MT', 'GA', 'OR', 'PA', 'WI', 'CO', 'FL', 'ME'];

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// 1. A community to browse: designs by people who are not among the visitors.
const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-load-'));
const seeding = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
const designers = await createUsers(seeding.db, 20);
const designIds: string[] = [];
for (let i = 0; i < DESIGNS; i++) {
  designIds.push(
    await createSubmittedDesign(seeding.db, {
      userId: designers[i % designers.length]!,
      state: STATES[i % STATES.length],
      submittedAt: new Date(Date.now() - i * 3_600_000),
      voteCount: Math.floor(random() * 40),
    }),
  );
}
await seeding.close();

// 2. The server, as npm start runs it.
const port = await freePort();
const origin = `http://localhost:${port}`;
const server = startServerProcess(dataDir, port, {
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  GENERATION_DAILY_QUOTA: '1000',
});
await waitFor(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.ok === true, 180_000);

// 3. The people, signed in through the development provider.
const people: Client[] = [];
for (let i = 0; i < PEOPLE; i += 10) {
  people.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(10, PEOPLE - i) }, (_, j) =>
        signIn(origin, { name: `Visitor ${i + j}`, email: `visitor-${i + j}@example.com` }),
      ),
    )),
  );
}

type Action = 'gallery page' | 'design page' | 'vote' | 'comment' | 'generation';
const times = new Map<Action, number[]>();
let errors = 0;
let unexpected = 0;
let rateLimited = 0;
const failures: string[] = [];
const record = (action: Action, ms: number) => {
  const list = times.get(action) ?? [];
  list.push(ms);
  times.set(action, list);
};

/** Runs one request, counting what went wrong; `allowed` are the 4xx a person may meet. */
async function timed(action: Action, run: () => Promise<number[]>, allowed: number[] = []): Promise<void> {
  const started = performance.now();
  try {
    const statuses = await run();
    record(action, performance.now() - started);
    for (const status of statuses) {
      if (status >= 500) {
        errors++;
        failures.push(`${action}: ${status}`);
      } else if (status === 429 && allowed.includes(429)) rateLimited++;
      else if (status >= 400 && !allowed.includes(status)) {
        unexpected++;
        failures.push(`${action}: ${status}`);
      }
    }
  } catch (error) {
    errors++;
    failures.push(`${action}: ${(error as Error).message}`);
  }
}

const status = async (client: Client, url: string, init?: RequestInit) => {
  const response = await client.fetch(url, init);
  await response.arrayBuffer();
  return response.status;
};
const post = (client: Client, url: string, body: unknown) =>
  status(client, url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function browse(client: Client, until: number): Promise<void> {
  while (Date.now() < until) {
    const roll = random();
    const design = pick(designIds);
    if (roll < 0.45) {
      const query = new URLSearchParams({ sortBy: random() < 0.6 ? 'votes' : 'recent' });
      if (random() < 0.3) query.set('region', pick(STATES));
      await timed('gallery page', async () => [await status(client, `/api/gallery?${query}`)]);
    } else if (roll < 0.75) {
      await timed('design page', () =>
        Promise.all([
          status(client, `/api/designs/${design}`),
          status(client, `/api/designs/${design}/comments`),
          status(client, `/api/designs/${design}/vote`),
        ]),
      );
    } else if (roll < 0.93) {
      await timed('vote', async () => [await post(client, `/api/designs/${design}/vote`, {})]);
    } else {
      await timed(
        'comment',
        async () => [await post(client, `/api/designs/${design}/comments`, { text: 'Blends right in' })],
        [429],
      );
    }
    await sleep(500 + random() * 1000);
  }
}

/** Generations one after another, as a few designers at work would start them. */
async function generate(client: Client, until: number): Promise<void> {
  const photo = readFileSync(path.resolve(here, '../../../packages/camo-engine/fixtures/forest.jpg'));
  while (Date.now() < until) {
    await timed('generation', async () => {
      const started = await upload(client, photo);
      if (started.status !== 202) return [started.status];
      for (;;) {
        const reply = await client.json<{ status: string }>(`/api/generations/${started.body.photoId}`);
        if (reply.body.status === 'completed') return [200];
        if (reply.body.status === 'failed') return [500];
        await sleep(500);
      }
    });
  }
}

// 4. The run.
console.log(`${PEOPLE} people for ${SECONDS} s on ${machine} (load ${load()})`);
const until = Date.now() + SECONDS * 1000;
const designersAtWork = await Promise.all(
  [0, 1].map((i) => signIn(origin, { name: `Designer ${i}`, email: `designer-${i}@example.com` })),
);
await Promise.all([
  ...people.map((client) => browse(client, until)),
  ...designersAtWork.map((client) => generate(client, until)),
]);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const lines = [...times.entries()].map(
  ([action, xs]) =>
    `| ${action} | ${xs.length} | ${pct(xs, 0.5).toFixed(0)} | ${pct(xs, 0.95).toFixed(0)} | ${pct(xs, 0.99).toFixed(0)} |`,
);
const total = [...times.values()].reduce((n, xs) => n + xs.length, 0);
const summary = `${total} actions, ${errors} errors (5xx or no answer), ${unexpected} unexpected 4xx, ${rateLimited} comments over the per-person limit (429, as designed)`;
const table = ['| action | count | p50 ms | p95 ms | p99 ms |', '| --- | --- | --- | --- | --- |', ...lines];
console.log([...table, summary, ...failures.slice(0, 10)].join('\n'));

server.child.kill('SIGTERM');
await server.exited;
rmSync(dataDir, { recursive: true, force: true });

if (process.argv.includes('--write')) {
  appendFileSync(
    path.resolve(here, '../../../docs/benchmarks.md'),
    [
      '',
      `## Community load (\`npm run bench:load -w apps/server\`), ${new Date().toISOString().slice(0, 10)}`,
      '',
      `${PEOPLE} signed-in people (gallery pages, design pages,`,
      `votes, comments; 0.5-1.5 s between actions) for ${SECONDS} s against one embedded server process`,
      `(PGlite) while two designers run generations back to back. ${machine}.`,
      '',
      ...table,
      '',
      summary + '.',
      '',
    ].join('\n'),
  );
}
process.exit(errors + unexpected > 0 ? 1 : 0);
