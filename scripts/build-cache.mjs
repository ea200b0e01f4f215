// What `npm start`, `npm run start:api` and `npm run worker` build before they run, each only
// when its inputs changed: the web app (Vite) and the server's start-up bundle (esbuild,
// decision 014). "Changed" is a content hash of the inputs, not modification times, which a fresh
// clone or a checkout resets.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIPPED = new Set(['node_modules', 'dist', '.build', 'test-results', 'coverage']);

function listFiles(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** sha256 over the relative path and bytes of every file under the given paths (files or folders). */
export function contentHash(paths) {
  const hash = createHash('sha256');
  const files = paths.flatMap((p) => {
    const full = path.join(root, p);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? listFiles(full, []) : [full];
  });
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const WEB_INPUTS = ['apps/web', 'packages/shared', 'package-lock.json'];
const webDist = path.join(root, 'apps/web/dist');
const webStamp = path.join(webDist, '.source-hash');

/** Builds the web app when its sources, the shared package or the locked dependencies changed. */
export function ensureWebBuild(say) {
  const hash = contentHash(WEB_INPUTS);
  const built = existsSync(path.join(webDist, 'index.html')) && existsSync(webStamp);
  if (built && readFileSync(webStamp, 'utf8').trim() === hash) return;
  const started = performance.now();
  say(built ? 'Rebuilding the web app (its sources changed)...' : 'Building the web app (first start)...');
  // Vite's table of files goes to a log line only when the build fails.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    throw new Error('the web app did not build (its output is above)');
  }
  writeFileSync(webStamp, `${hash}\n`);
  say(`Web app built in ${seconds(started)}.`);
}

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared',
  'packages/camo-engine/src',
  'packages/camo-engine/package.json',
  'package-lock.json',
  'scripts/build-cache.mjs',
];
const bundles = path.join(root, 'apps/server/.build');

/** The entry points a process can start from, by the name of their file in the bundle. */
export const SERVER_ENTRIES = {
  main: 'apps/server/src/main.ts',
  worker: 'apps/server/src/worker.ts',
  // The engine's piscina threads (engine/engine.ts finds it beside its own chunk).
  'engine-worker': 'apps/server/src/engine/engine.worker.ts',
};

/**
 * The server's own TypeScript and the workspace packages it imports, bundled into one folder per
 * content hash (node_modules stay outside, imported as installed). Built into a temporary folder
 * and renamed, so processes starting together (the API and a worker) never run half a bundle;
 * the two newest bundles are kept, since a running process may still start threads from its own.
 */
export async function ensureServerBundle(say) {
  const hash = contentHash(SERVER_INPUTS);
  const dir = path.join(bundles, hash);
  if (existsSync(path.join(dir, 'main.js'))) return dir;
  const started = performance.now();
  const { build } = await import('esbuild');
  const temporary = `${dir}.${process.pid}.tmp`;
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: temporary,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [
      {
        // Installed packages are imported as they are; only our workspaces are bundled.
        name: 'installed-packages-external',
        setup(bundle) {
          bundle.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@camo/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  try {
    renameSync(temporary, dir);
  } catch (error) {
    // Another process finished the same bundle first.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'main.js'))) throw error;
  }
  const older = readdirSync(bundles)
    .filter((name) => name !== hash && !name.endsWith('.tmp'))
    .map((name) => ({ name, at: statSync(path.join(bundles, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(1);
  for (const { name } of older) rmSync(path.join(bundles, name), { recursive: true, force: true });
  say(`Server prepared in ${seconds(started)}.`);
  return dir;
}
