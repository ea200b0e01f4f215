/**
 * Generation throughput of the scale-out shape: PostgreSQL (TEST_DATABASE_URL's server, a fresh
 * database per run), s3rver, one `npm run start:api` process and one, then two, `npm run worker`
 * processes. A batch of generations is queued at once and timed from the first upload to the last
 * completion: generations per minute for each worker count. Each worker runs WORKER_CONCURRENCY
 * jobs at once on its engine threads (one per core but one).
 * Prints its figures and the machine; `--write` appends them to docs/benchmarks.md.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../test/support/cluster.js';
import { signIn } from '../test/support/dev-sign-in.js';
import { upload, waitForGeneration } from '../test/support/generation-client.js';
import { forestJpeg } from '../test/support/photos.js';
import { load, machine } from './support/machine.js';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'workers bench skipped: set TEST_DATABASE_URL to a PostgreSQL server it may create databases on',
  );
  process.exit(0);
}

const batch = Number(process.env.BENCH_GENERATIONS ?? 16);

async function measure(workers: number): Promise<string> {
  const cluster = await startCluster({
    apis: 1,
    workers, // Sixteen pollers from one address would overrun the per-address API limit.
    env: { GENERATION_DAILY_QUOTA: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  try {
    const client = await signIn(cluster.origin, { name: 'Bench Worker', email: 'bench-worker@example.com' });
    const photo = forestJpeg();
    const loadBefore = load();
    const started = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < batch; i++) {
      const { status, body } = await upload(client, photo, { description: `Bench woods ${i}` });
      if (status !== 202 || !body.photoId) throw new Error(`upload failed: ${status}`);
      ids.push(body.photoId);
    }
    const results = await Promise.all(ids.map((id) => waitForGeneration(client, id, 600_000)));
    const seconds = (performance.now() - started) / 1000;
    const failed = results.filter((r) => r.status !== 'completed').length;
    return `${workers} worker(s): ${batch} generations (A and B each) in ${seconds.toFixed(1)} s = ${((batch / seconds) * 60).toFixed(1)} per minute${failed ? `, ${failed} failed` : ''}; load average ${loadBefore} before, ${load()} after`;
  } finally {
    await cluster.stop();
  }
}

const lines = [
  `machine: ${machine}; PostgreSQL, s3rver, one API process; a batch of ${batch} queued at once`,
];
for (const workers of [1, 2]) {
  const line = await measure(workers);
  console.log(line);
  lines.push(line);
}
if (process.argv.includes('--write')) {
  const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');
  appendFileSync(
    docs,
    `\n## Generation workers (\`npm run bench -w apps/server\`), ${new Date().toISOString().slice(0, 10)}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
  );
}
