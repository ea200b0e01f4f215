// `npm start`, `npm run start:api` (--api) and `npm run worker` (--worker): build what changed
// (scripts/build-cache.mjs: the web app, the server's start-up bundle), then run the server or
// the worker from that bundle. Paths in settings (DATA_DIR, WEB_DIST_DIR) are the repository
// root's whatever folder this runs in (apps/server/src/platform/paths.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBundle, ensureWebBuild, root } from './build-cache.mjs';

const args = process.argv.slice(2);
const worker = args.includes('--worker');
const say = (line) => console.log(line);

let bundle;
try {
  // A worker serves no pages; with WEB_DIST_DIR, the web app is someone else's build.
  if (!worker && !process.env.WEB_DIST_DIR) ensureWebBuild(say);
  bundle = await ensureServerBundle(say);
} catch (error) {
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  [
    '--expose-gc',
    '--enable-source-maps',
    path.join(bundle, worker ? 'worker.js' : 'main.js'),
    ...args.filter((arg) => arg !== '--worker'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      // glibc gives every thread its own malloc arena; with the engine and image threads that
      // inflates resident memory for nothing (a known sharp/libvips effect). Two are plenty.
      MALLOC_ARENA_MAX: '2',
      // Node 22.1 and later keep the compiled code of every module here, so a second start skips
      // compiling what it compiled before (a start with nothing changed; Node 20 ignores it).
      NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'camo-community', 'compile'),
      ...process.env,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
