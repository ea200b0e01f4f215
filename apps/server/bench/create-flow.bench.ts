/**
 * The create flow in the embedded default, measured the way quality.md states it:
 *  1. from the upload of a 12-megapixel JPEG to both designs on screen (the generation completed
 *     and both design images downloaded): median over runs;
 *  2. the API's event-loop delay (p99) while four generations run at once;
 *  3. the server's resident memory during them (PGlite, engine threads and all);
 *  4. from both designs on screen to the choose screen's figures (the variants reply holding A's
 *     and B's averaged predictions, decision 028), polled every 100 ms: median and p95 over runs;
 *  5. from then, the choose screen switched to dawn or dusk (`light=twilight`, which has the server
 *     measure that light on request, decision 034) to its figures: median and p95 over runs.
 * The server runs in this process (buildApp over PGlite in a temporary directory), so its event
 * loop and memory are what is measured; the HTTP client here is light next to them.
 * Prints its figures and the machine; `--write` appends them to docs/benchmarks.md.
 */
import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Generation } from '@camo/shared/generation.schema';
import { buildApp } from '../src/app.js';
import { signIn, type Client } from '../test/support/dev-sign-in.js';
import { upload } from '../test/support/generation-client.js';
import { twelveMegapixelJpeg } from '../test/support/photos.js';
import { openBenchInstance } from './support/bench-instance.js';
import { load, machine } from './support/machine.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** Follows the generation over Server-Sent Events, as the page does, until it ends. */
async function waitDone(client: Client, photoId: string): Promise<Generation> {
  const response = await client.fetch(`/api/generations/${photoId}/events`, {
    headers: { accept: 'text/event-stream' },
  });
  if (!response.body) throw new Error(`no event stream: ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let last: Generation | undefined;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (data) last = JSON.parse(data.slice(6)) as Generation;
    }
    if (last && (last.status === 'completed' || last.status === 'failed')) {
      await reader.cancel();
      return last;
    }
  }
  if (!last) throw new Error('the event stream ended without a generation');
  return last;
}

/** Upload, wait for the job, then load both images as the page does; then wait for the figures. */
async function createOnce(client: Client, photo: Buffer): Promise<number> {
  return (await createTimed(client, photo)).designs;
}

async function createTimed(
  client: Client,
  photo: Buffer,
): Promise<{ designs: number; figures: number; dusk: number }> {
  const started = performance.now();
  const reply = await upload(client, photo, {
    description: 'Boulders and dry grass on a hillside',
    state: 'AZ',
  });
  if (!reply.body.photoId) throw new Error(`upload refused: ${reply.status} ${reply.body.message}`);
  const done = await waitDone(client, reply.body.photoId);
  if (done.outcome !== 'both') throw new Error(`generation ended ${done.status}/${done.outcome}`);
  await Promise.all(
    [done.design!.designAUrl!, done.design!.designBUrl!].map(async (url) =>
      (await client.fetch(url)).arrayBuffer(),
    ),
  );
  const designs = performance.now() - started;
  for (;;) {
    const reply = await client.json<{ A: unknown[]; B: unknown[] }>(
      `/api/designs/${done.design!.id}/predicted-hiding/variants`,
    );
    if (reply.body.A.length > 0 && reply.body.B.length > 0) break;
    if (performance.now() - started > 120_000) throw new Error('no figures in two minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const figures = performance.now() - started - designs;
  const asked = performance.now();
  const atDusk = (p: { light: string }[]) => p.some((e) => e.light === 'twilight');
  for (;;) {
    const reply = await client.json<{ A: { light: string }[]; B: { light: string }[] }>(
      `/api/designs/${done.design!.id}/predicted-hiding/variants?light=twilight`,
    );
    if (atDusk(reply.body.A) && atDusk(reply.body.B)) break;
    if (performance.now() - asked > 120_000) throw new Error('no dusk figures in two minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { designs, figures, dusk: performance.now() - asked };
}

const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? 0;
};

const { dataDir, port, config, database } = await openBenchInstance('camo-bench-', {
  GENERATION_DAILY_QUOTA: '1000',
  API_RATE_LIMIT_PER_MINUTE: '100000',
});
const app = await buildApp({ config, database });
await app.listen({ port, host: '127.0.0.1' });
const loadBefore = load();

try {
  const client = await signIn(config.publicUrl.origin, { name: 'Bench Marker', email: 'bench@example.com' });
  const photo = await twelveMegapixelJpeg();
  await createOnce(client, photo); // warm-up: engine threads started, code paths compiled

  const times: number[] = [];
  const figures: number[] = [];
  const dusk: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = await createTimed(client, photo);
    times.push(t.designs);
    figures.push(t.figures);
    dusk.push(t.dusk);
  }

  const baselineRss = process.memoryUsage().rss;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  delay.enable();
  const concurrent = performance.now();
  await Promise.all(Array.from({ length: 4 }, () => createOnce(client, photo)));
  const concurrentMs = performance.now() - concurrent;
  delay.disable();
  clearInterval(sampler);

  const p99 = delay.percentile(99) / 1e6;
  const lines = [
    `machine: ${machine}; load average ${loadBefore} before, ${load()} after; PGlite; ${config.workerConcurrency} jobs at once per process`,
    `upload of a 12-megapixel JPEG (${(photo.length / 1e6).toFixed(1)} MB) to both designs on screen: median ${median(times).toFixed(0)} ms over ${runs} runs (${times.map((t) => t.toFixed(0)).join(', ')}) (target < 1500 ms, quality.md)`,
    `both designs on screen to the choose screen's figures (A and B averaged, decision 028): median ${median(figures).toFixed(0)} ms, p95 ${p95(figures).toFixed(0)} ms over ${runs} runs (target p95 < 3000 ms)`,
    `the choose screen switched to dawn or dusk to its figures (measured on request, decision 034): median ${median(dusk).toFixed(0)} ms, p95 ${p95(dusk).toFixed(0)} ms over ${runs} runs`,
    `four generations at once: all done in ${concurrentMs.toFixed(0)} ms; event-loop delay p99 ${p99.toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms (target p99 < 50 ms)`,
    `resident memory during them: peak ${(peakRss / 1024 / 1024).toFixed(0)} MB, ${(baselineRss / 1024 / 1024).toFixed(0)} MB before them (target < 1024 MB)`,
  ];
  for (const line of lines) console.log(line);
  if (process.argv.includes('--write')) {
    const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');
    appendFileSync(
      docs,
      `\n## Create flow (\`npm run bench -w apps/server\`), ${new Date().toISOString().slice(0, 10)}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
