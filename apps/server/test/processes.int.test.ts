import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Generation } from '@camo/shared/generation.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startServerProcess, waitFor } from './support/server-process.js';
import { freePort, freshPostgres } from './support/test-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run worker`: src/worker.ts with its output collected. */
function startWorkerProcess(env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

describe.runIf(process.env.TEST_DATABASE_URL)('an API process and a worker process on PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-processes-'));
  const children: ChildProcess[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the API serves and queues, the worker generates, and neither runs without the other', async () => {
    const postgres = await freshPostgres();
    dropDatabase = () => postgres.drop();
    const port = await freePort();
    // One configuration for both, as two hosts would share: the database, the files, the secret.
    const env = {
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(port),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };

    const api = startServerProcess(dataDir, port, { ...env, NODE_ENV: 'development' });
    children.push(api.child);
    await waitFor(() => api.output().includes('is ready: open'), 90_000);
    expect(api.output()).toContain('"jobs":true');
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);

    // The same server with --api (npm run start:api) processes no job.
    const apiOnly = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--api'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(apiOnly);
    let apiOutput = '';
    apiOnly.stdout.on('data', (chunk: Buffer) => (apiOutput += chunk.toString()));
    await waitFor(() => apiOutput.includes('is ready: open'), 90_000);
    expect(apiOutput).toContain('"jobs":false');

    const origin = `http://localhost:${port}`;
    const client = await signIn(origin, { name: 'Two Process', email: 'two-process@example.com' });
    const started = await upload(client, forestJpeg());
    expect(started.status).toBe(202);
    const photoId = started.body.photoId!;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await client.json<Generation>(`/api/generations/${photoId}`)).body.status).toBe('uploaded');

    const worker = startWorkerProcess(env);
    children.push(worker.child);
    const done = await waitForGeneration(client, photoId, 90_000);
    expect(done.status).toBe('completed');
    expect(done.design?.designAUrl).toBeTruthy();
    expect((await client.fetch(done.design!.designAUrl!)).status).toBe(200);
    expect(worker.output()).toContain('worker started');

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 240_000);
});

describe('a worker without PostgreSQL', () => {
  it('refuses to start and says why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-worker-'));
    try {
      const worker = startWorkerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await worker.exited).toBe(1);
      expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
