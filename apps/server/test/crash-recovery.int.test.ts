import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Generation } from '@camo/shared/generation.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startServerProcess, waitFor } from './support/server-process.js';
import { copyPgliteTemplate, freePort } from './support/test-server.js';

const startServer = (dataDir: string, port: number) =>
  startServerProcess(dataDir, port, { FAULT_INJECTION: 'true', WEB_DIST_DIR: path.join(dataDir, 'no-web') });

describe('a generation survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-crash-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends completed after SIGKILL mid-generation and a restart, with one design record', async () => {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    // The embedded database starts migrated, as after a first start (main.ts keeps it in db/).
    copyPgliteTemplate(path.join(dataDir, 'db'));
    const first = startServer(dataDir, port);
    children.push(first.child);
    await waitFor(() => first.output().includes('is ready: open'), 90_000);

    const account = { name: 'Crash Tester', email: 'crash@example.com' };
    let client = await signIn(origin, account);
    // [slow] holds each design for 4 s inside the generator, so the kill lands mid-job.
    const started = await upload(client, forestJpeg(), { description: 'woods at dusk [slow]' });
    expect(started.status).toBe(202);
    const photoId = started.body.photoId!;
    await waitFor(async () => {
      const { body } = await client.json<Generation>(`/api/generations/${photoId}`);
      return body.status === 'processing' && body.stage === 'ai_generation';
    }, 60_000);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startServer(dataDir, port);
    children.push(second.child);
    await waitFor(() => second.output().includes('is ready: open'), 90_000);
    // The session survived in the database; sign in again only if it did not.
    if ((await client.json('/api/me')).status !== 200) client = await signIn(origin, account);
    const before = await client.json<Generation>(`/api/generations/${photoId}`);
    expect(before.body.status).toBe('processing');

    const done = await waitForGeneration(client, photoId, 120_000);
    expect(done.status).toBe('completed');
    expect(done.outcome).toBe('both');
    expect(done.design?.designAUrl).toBeTruthy();
    expect((await client.fetch(done.design!.designBUrl!)).status).toBe(200);
    const me = await client.json<{ id: string }>('/api/me');
    const designs = await client.json<{ designs: unknown[] }>(`/api/users/${me.body.id}/designs`);
    expect(designs.body.designs).toHaveLength(1);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
