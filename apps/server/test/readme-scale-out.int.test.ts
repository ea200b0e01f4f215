import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/paths.js';
import { signIn } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { waitFor } from './support/server-process.js';
import { freePort, freshPostgres } from './support/test-server.js';

/** An `npm run <script>` in the repository's root, as the README writes it, with its output. */
function npmRun(script: string, env: Record<string, string>) {
  let output = '';
  // Its own process group, so the whole tree (npm, the launcher, the server) can be stopped.
  const child = spawn('npm', ['run', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': npm exits at the signal while the launcher and the server it started
  // (holding the same pipes) are still shutting down and writing their last lines; the streams
  // close only once every process of the tree has gone.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { output: () => output, exited, stop };
}

describe.runIf(process.env.TEST_DATABASE_URL)('scale-out on one machine, as the README writes it', () => {
  // A relative DATA_DIR, as a person would set it: the repository root's test-results/ folder.
  const relativeDataDir = `test-results/readme-scale-out-${randomBytes(4).toString('hex')}`;
  const stops: (() => void)[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const stop of stops) stop();
    await dropDatabase?.();
    rmSync(path.join(repoRoot, relativeDataDir), { recursive: true, force: true });
  });

  it('npm run start:api and npm run worker from the root share DATA_DIR and generate a design', async () => {
    const postgres = await freshPostgres();
    dropDatabase = () => postgres.drop();
    const port = await freePort();
    const env = {
      DATABASE_URL: postgres.url,
      DATA_DIR: relativeDataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      // Not this test's concern: no web app is built or served.
      WEB_DIST_DIR: `${relativeDataDir}/no-web`,
    };
    const api = npmRun('start:api', env);
    stops.push(api.stop);
    await waitFor(() => api.output().includes('is ready: open'), 120_000);
    const worker = npmRun('worker', env);
    stops.push(worker.stop);
    await waitFor(() => worker.output().includes('worker started'), 120_000);

    const client = await signIn(`http://localhost:${port}`, {
      name: 'Readme Reader',
      email: 'readme@example.com',
    });
    const started = await upload(client, forestJpeg());
    expect(started.status).toBe(202);
    const done = await waitForGeneration(client, started.body.photoId!, 120_000);
    expect(done.status, `${done.error ?? ''}\n${worker.output().slice(-2000)}`).toBe('completed');
    expect((await client.fetch(done.design!.designAUrl!)).status).toBe(200);
    // Both wrote under the one folder at the root, none under apps/server.
    const files = path.join(repoRoot, relativeDataDir, 'files');
    expect(readdirSync(files)).toEqual(expect.arrayContaining(['environment_photos', 'ai_gen']));
    expect(existsSync(path.join(repoRoot, 'apps/server', relativeDataDir))).toBe(false);

    // Ctrl-C reaches the whole group: both shut down in order.
    api.stop();
    worker.stop();
    await Promise.all([api.exited, worker.exited]);
    expect(api.output()).toContain('shutting down');
    expect(worker.output()).toContain('worker shutting down');
  }, 300_000);
});
