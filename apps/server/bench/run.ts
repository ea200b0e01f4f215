/**
 * `npm run bench -w apps/server [-- --write]`: the server's benchmarks one after another, each in
 * its own process (each starts its own server over its own database), with the arguments passed on.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = [
  'create-flow.bench.ts',
  'gallery.bench.ts',
  'ground.bench.ts',
  'hunt.bench.ts',
  'signed-in.bench.ts',
  'workers.bench.ts',
];

for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(here, bench), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env } },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
