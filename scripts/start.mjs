// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (which applies migrations and serves everything on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web'), path.join(root, 'packages/shared/src')];
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `--api` (npm run start:api) serves without processing jobs; the server checks the rest.
const server = spawn(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)],
  {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: {
      // glibc gives every thread its own malloc arena; with the engine and image threads that
      // inflates resident memory for nothing (a known sharp/libvips effect). Two are plenty.
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
