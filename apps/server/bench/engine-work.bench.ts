/**
 * Engine work on request (decision 025), measured as the game-integrity issue's item 4 asks: one
 * account fires 60 requests at once that each need the engine (the design page's viewer, the
 * viewer in a ground photo, the blend preview, a design in a ground photo; every one a different
 * computation, so nothing is kept yet), while another account asks for /api/me one request after
 * another; p50/p99/max of /api/me before, during and after, what the 60 were answered (200, 429,
 * 503) and how long they took to drain. Then the same account at a steady 4 requests a second.
 *   npm run bench:engine-work -w apps/server [-- --write]   (--write appends to docs/benchmarks.md)
 * BENCH_BURST (60), BENCH_STEADY_SECONDS (15); ENGINE_WORK_* as the server reads them. One engine
 * thread, as on a 2-core machine (engine-provider.ts), unless ENGINE_THREADS says otherwise.
 */
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { createStorage } from '../src/platform/storage.js';
import { createSubmittedDesign } from '../test/support/community-factory.js';
import { signIn, type Client } from '../test/support/dev-sign-in.js';
import { freePort } from '../test/support/test-server.js';
import { openBenchInstance } from './support/bench-instance.js';
import { load, machine } from './support/machine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, '../../../packages/camo-engine/fixtures');
const BURST = Number(process.env.BENCH_BURST ?? 60);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 15);
const THREADS = Number(process.env.ENGINE_THREADS ?? 1);
const DESIGNS = 8;
const EYES = ['person', 'deer'].flatMap((o) => [10, 25, 50, 100].map((d) => `observer=${o}&distance=${d}`));

const pct = (xs: number[], p: number) =>
  xs.length === 0
    ? NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');

const photoNames = ['forest', 'desert', 'snow', 'marsh', 'rock', 'bark', 'grassland', 'mountain-meadow'];
const photos = photoNames.map((name) => readFileSync(path.join(FIXTURES, `${name}.jpg`)));
/** 1024 px design tiles, as the engine writes them: a photo's texture over an olive ground. */
const tiles = await Promise.all(
  photos.map((photo) =>
    sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#5a5f3c' } })
      .composite([{ input: photo, tile: true, blend: 'overlay' }])
      .png()
      .toBuffer(),
  ),
);

const port = await freePort();
const { dataDir, config, database } = await openBenchInstance('camo-engine-work-bench-', {
  PORT: String(port),
  // An address, not `localhost`: this process is the clients too, and each of their new
  // connections would otherwise look the name up on libuv's pool, which the server shares.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The API's own limit (600 a minute) is not what is measured here.
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  // The bounds, as set for this run (the defaults otherwise).
  ...Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => k.startsWith('ENGINE_WORK_') && v !== undefined),
  ),
});
const storage = createStorage(config);
const app = await buildApp({ config, database, storage, workers: false, engineThreads: THREADS });
await app.listen({ port, host: '127.0.0.1' });

/**
 * /api/me one after another until `stop`, its latencies (ms), on a connection of its own (node:http
 * with its own agent): the other account is another browser, and fetch's pool in this process,
 * which the burst's requests fill, must not stand between it and the server.
 */
async function poll(client: Client, stop: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${config.publicUrl.origin}/api/me`,
        { agent, headers: { cookie: client.jar.header(), origin: config.publicUrl.origin } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
  const times: number[] = [];
  try {
    while (!stop()) {
      const started = performance.now();
      const status = await get();
      if (status !== 200) throw new Error(`/api/me answered ${status}`);
      times.push(performance.now() - started);
      await sleep(20);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

const summary = (times: number[]) =>
  `p50 ${f0(pct(times, 0.5))} ms, p99 ${f0(pct(times, 0.99))} ms, max ${f0(Math.max(...times))} ms over ${times.length}`;

try {
  const origin = config.publicUrl.origin;
  const heavy = await signIn(origin, { name: 'Heavy User', email: 'heavy-engine-work@example.com' });
  const other = await signIn(origin, { name: 'Other Person', email: 'other-engine-work@example.com' });
  const heavyId = (await heavy.json<{ id: string }>('/api/me')).body.id;
  const designs: string[] = [];
  for (let i = 0; i < DESIGNS; i++) {
    const photoKey = `environment_photos/bench/${heavyId}_${i}_env.jpg`;
    const designKey = `ai_gen/bench/camo_design_${i}_a.png`;
    await storage.put(photoKey, photos[i]!);
    await storage.put(designKey, tiles[i]!);
    designs.push(
      await createSubmittedDesign(database.db, {
        userId: heavyId,
        designAUrl: designKey,
        environmentPhotoUrl: photoKey,
      }),
    );
  }
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(photos[0]!)], { type: 'image/jpeg' }), 'photo');
  const uploaded = await heavy.fetch('/api/ground-photos', { method: 'POST', body: form });
  if (uploaded.status !== 201) throw new Error(`ground photo: ${uploaded.status}`);
  const groundPhoto = ((await uploaded.json()) as { id: string }).id;

  /** The i-th request of a burst: the four kinds in turn, each a computation not asked for before. */
  let asked = 0;
  /** The kinds asked for, in turn (BENCH_KINDS=0,1,2,3: design viewer, ground viewer, blend preview, design in a ground photo). */
  const kinds = (process.env.BENCH_KINDS ?? '0,1,2,3').split(',').map(Number);
  const nextPath = (): string => {
    const n = asked++;
    const i = Math.floor(n / kinds.length) * 4 + kinds[n % kinds.length]!;
    const design = designs[Math.floor(i / 4) % DESIGNS]!;
    const eye = EYES[Math.floor(i / (4 * DESIGNS)) % EYES.length]!;
    const round = Math.floor(i / (4 * DESIGNS * EYES.length));
    switch (i % 4) {
      case 0:
        return `/api/designs/${design}/predicted-hiding/view?${eye}`;
      case 1:
        return `/api/ground-photos/${groundPhoto}/designs/${design}/view?${eye}`;
      case 2:
        return `/api/designs/${design}/blend-preview?variant=${['final', 'A'][round % 2]!}`;
      default:
        return `/api/ground-photos/${groundPhoto}/designs/${design}`;
    }
  };
  const fire = async (requestPath: string) => {
    const started = performance.now();
    const response = await heavy.fetch(requestPath);
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const tally = (answers: { status: number }[]) => {
    const by = new Map<number, number>();
    for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
    return [...by.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${n} x ${s}`)
      .join(', ');
  };

  const loadBefore = load();
  // 1. /api/me alone.
  let stopAt = Date.now() + 5000;
  const quiet = await poll(other, () => Date.now() > stopAt);

  // 2. 60 at once from one account.
  let burstDone = false;
  const during = poll(other, () => burstDone);
  await sleep(200);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: BURST }, () => fire(nextPath())));
  const drainMs = performance.now() - burstStarted;
  loopDelay.disable();
  const loopMaxMs = loopDelay.max / 1e6;
  burstDone = true;
  const duringBurst = await during;

  // 3. A steady 4 a second from the same account.
  let steadyDone = false;
  const duringSteadyPoll = poll(other, () => steadyDone);
  const steady: Promise<{ status: number; ms: number }>[] = [];
  const steadyStarted = performance.now();
  for (let i = 0; i < STEADY_SECONDS * 4; i++) {
    steady.push(fire(nextPath()));
    await sleep(Math.max(0, steadyStarted + (i + 1) * 250 - performance.now()));
  }
  const steadyAnswers = await Promise.all(steady);
  const steadyMs = performance.now() - steadyStarted;
  steadyDone = true;
  const duringSteady = await duringSteadyPoll;

  stopAt = Date.now() + 3000;
  const after = await poll(other, () => Date.now() > stopAt);
  const okMs = (answers: { status: number; ms: number }[]) =>
    answers.filter((a) => a.status === 200).map((a) => a.ms);
  const lines = [
    `machine: ${machine}; PGlite; ${THREADS} engine thread(s); load average ${loadBefore} before, ${load()} after`,
    `bounds: ENGINE_WORK_PER_PERSON ${config.engineWork.perPerson}, ENGINE_WORK_RUNNING ${config.engineWork.running ?? THREADS}, ENGINE_WORK_QUEUED ${config.engineWork.queued}`,
    `/api/me alone (another account):            ${summary(quiet)}`,
    `${BURST} at once from one account: answered ${tally(burst)}; drained in ${f0(drainMs)} ms; a 200 took p50 ${f0(pct(okMs(burst), 0.5))} ms, max ${f0(Math.max(...okMs(burst)))} ms`,
    `/api/me meanwhile (another account):         ${summary(duringBurst)}; the event loop's longest delay ${f0(loopMaxMs)} ms`,
    `4 a second for ${STEADY_SECONDS} s from one account: answered ${tally(steadyAnswers)}; done in ${f0(steadyMs)} ms; a 200 took p50 ${f0(pct(okMs(steadyAnswers), 0.5))} ms, max ${f0(Math.max(...okMs(steadyAnswers)))} ms`,
    `/api/me meanwhile (another account):         ${summary(duringSteady)}`,
    `/api/me after:                               ${summary(after)}`,
  ];
  for (const line of lines) console.log(line);
  if (process.argv.includes('--write')) {
    appendFileSync(
      path.resolve(here, '../../../docs/benchmarks.md'),
      `\n## Engine work on request (decision 025; \`npm run bench:engine-work -w apps/server\`), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
