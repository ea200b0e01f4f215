/**
 * Hide and seek, measured the way issue 11 asks: the time to compose a round (decode the photo,
 * place a silhouette wearing the design, encode the JPEG): median and p95 over the engine's
 * fixture photos; and the rounds per second one server sustains end to end (start a round, fetch
 * its image, answer it) with several players at once, on the embedded database.
 * Prints its figures and the machine; `--write` appends them to docs/benchmarks.md.
 */
import { appendFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { roundScene } from '../src/engine/round-scene.js';
import { createSubmittedDesign, createUsers } from '../test/support/community-factory.js';
import { signIn, type Client } from '../test/support/dev-sign-in.js';
import { openBenchInstance } from './support/bench-instance.js';
import { load, machine } from './support/machine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, '../../../packages/camo-engine/fixtures');
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const photos = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => readFileSync(path.join(FIXTURES, f)));
/** A 1024 px design tile, as the engine writes them. */
const tile = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#5a5f3c' } })
  .composite([{ input: photos[0]!, tile: true, blend: 'overlay' }])
  .png()
  .toBuffer();

// 1. Making a round's picture, in this process (the server does the same per round on an engine
// thread): decode, synthesise a scene from the photo's ground, place the target, compose, encode.
const times: number[] = [];
const screens = [
  { width: 390, height: 560, pixelRatio: 3 },
  { width: 960, height: 600, pixelRatio: 1 },
];
for (let run = 0; run < 2; run++) {
  for (const [i, bytes] of photos.entries()) {
    const started = performance.now();
    await roundScene({ photo: bytes, design: tile, viewport: screens[(i + run) % 2]!, seed: run * 100 + i });
    times.push(performance.now() - started);
  }
}
const composeLine = `make a round's picture (decode the photo, synthesise a scene from its ground at a phone's or a laptop's shape, place a silhouette wearing a 1024 px design, encode): median ${pct(times, 0.5).toFixed(0)} ms, p95 ${pct(times, 0.95).toFixed(0)} ms over ${times.length} (${photos.length} photos x 2)`;
console.log(composeLine);

// 2. Rounds per second through the server: start, fetch the image, answer.
const designs = Number(process.env.BENCH_HUNT_DESIGNS ?? 60);
const players = Number(process.env.BENCH_HUNT_PLAYERS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const { dataDir, port, config, database } = await openBenchInstance('camo-hunt-bench-', {
  API_RATE_LIMIT_PER_MINUTE: '1000000',
});
const storage = (await import('../src/platform/storage.js')).createStorage(config);
const app = await buildApp({ config, database, storage, workers: false });
await app.listen({ port, host: '127.0.0.1' });
try {
  const origin = config.publicUrl.origin;
  const [designer] = await createUsers(database.db, 1);
  for (let i = 0; i < designs; i++) {
    const photoKey = `environment_photos/bench/${i}_env.png`;
    const designKey = `ai_gen/bench/camo_design_${i}_a.png`;
    await storage.put(photoKey, photos[i % photos.length]!);
    await storage.put(designKey, tile);
    await createSubmittedDesign(database.db, {
      userId: designer!,
      state: 'TX',
      designAUrl: designKey,
      environmentPhotoUrl: photoKey,
    });
  }
  const clients: Client[] = [];
  for (let i = 0; i < players; i++)
    clients.push(await signIn(origin, { name: `Bench Hunter ${i}`, email: `bench-hunter-${i}@example.com` }));
  const loadBefore = load();
  const until = Date.now() + seconds * 1000;
  let rounds = 0;
  const latencies: number[] = [];
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        const started = performance.now();
        const round = await client.json<{ roundId: string; imageUrl: string }>('/api/hunt/rounds', {
          method: 'POST',
          body: '{}',
        });
        if (round.status !== 201) break; // this player has seen every design
        await (await client.fetch(round.body.imageUrl)).arrayBuffer();
        await client.json(`/api/hunt/rounds/${round.body.roundId}/taps`, {
          method: 'POST',
          body: JSON.stringify({ x: 1, y: 1 }),
        });
        latencies.push(performance.now() - started);
        rounds++;
      }
    }),
  );
  const elapsed = seconds;
  const roundsLine = `rounds through one server (start, image, a tap), ${players} players at once, ${designs} designs: ${(rounds / elapsed).toFixed(1)} rounds/s over ${elapsed} s (${rounds} rounds); per round median ${pct(latencies, 0.5).toFixed(0)} ms, p95 ${pct(latencies, 0.95).toFixed(0)} ms; load average ${loadBefore} before, ${load()} after`;
  console.log(roundsLine);
  const lines = [`machine: ${machine}; PGlite`, composeLine, roundsLine];
  if (process.argv.includes('--write')) {
    appendFileSync(
      path.resolve(here, '../../../docs/benchmarks.md'),
      `\n## Hide and seek (\`npm run bench -w apps/server\`), ${new Date().toISOString().slice(0, 10)}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
