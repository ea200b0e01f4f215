import type { GalleryPage } from '@camo/shared/community.schema';
import type { Design } from '@camo/shared/generation.schema';
import { generationMessages } from '@camo/shared/generation.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designs, environmentPhotos } from '../src/platform/db/schema.js';
import { infraMessages } from '../src/platform/infra-errors.js';
import type { Storage } from '../src/platform/storage.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 12, failures: the file store failing mid-pipeline, a full disk, a provider that hangs past
 * its deadline, the database out of reach. Each ends in a clear message with nothing
 * half-published, and the server recovers without a restart once the fault clears.
 */

type Fault = { writes: 'ok' } | { writes: 'fail' | 'disk-full'; under: string };

/** The real store, with writes that fail on demand under a key prefix, as a broken store or full disk would. */
function faultyStorage(real: Storage, fault: { current: Fault }): Storage {
  const failing = (key: string) => fault.current.writes !== 'ok' && key.startsWith(fault.current.under);
  const failure = () => {
    const code = fault.current.writes === 'disk-full' ? 'ENOSPC' : 'EIO';
    const cause = Object.assign(new Error(`${code}: write failed`), { code });
    return Object.assign(new Error('Cannot write file', { cause }), { code: 'E_CANNOT_WRITE_FILE' });
  };
  return new Proxy(real, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if ((property === 'put' || property === 'putStream') && typeof value === 'function') {
        return (key: string, ...rest: unknown[]) =>
          failing(key)
            ? Promise.reject(failure())
            : (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('failures of the file store (pglite)', () => {
  let server: TestServer;
  let client: Client;
  const fault: { current: Fault } = { current: { writes: 'ok' } };

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { FAULT_INJECTION: 'true', GENERATION_DAILY_QUOTA: '100' },
      { wrapStorage: (real) => faultyStorage(real, fault) },
    );
    client = await signIn(server.origin, { name: 'Unlucky Designer', email: 'unlucky@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const designRows = async (photoId: string) =>
    server.database.db.select().from(designs).where(eq(designs.environmentPhotoId, photoId));

  it('a full disk at upload: a clear 503, no photo left pending, and uploads work once space is back', async () => {
    fault.current = { writes: 'disk-full', under: '' };
    const refused = await upload(client, forestJpeg());
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(infraMessages.diskFull);
    const rows = await server.database.db.select().from(environmentPhotos);
    expect(rows.filter((row) => row.status === 'pending' || row.status === 'uploaded')).toEqual([]);

    fault.current = { writes: 'ok' };
    const accepted = await upload(client, forestJpeg());
    expect(accepted.status).toBe(202);
    expect((await waitForGeneration(client, accepted.body.photoId!)).status).toBe('completed');
  });

  it('a store failing mid-pipeline: the generation fails, no design is published, the next one succeeds', async () => {
    fault.current = { writes: 'fail', under: 'ai_gen/' };
    const started = await upload(client, forestJpeg());
    expect(started.status).toBe(202);
    const failed = await waitForGeneration(client, started.body.photoId!);
    expect(failed).toMatchObject({
      status: 'failed',
      error: generationMessages.generationFailed,
      design: null,
    });
    expect(await designRows(started.body.photoId!)).toEqual([]);

    fault.current = { writes: 'ok' };
    const next = await upload(client, forestJpeg());
    expect((await waitForGeneration(client, next.body.photoId!)).status).toBe('completed');
  });

  it('a store failing at submission: a clear 503 and the design stays an unpublished draft', async () => {
    const started = await upload(client, forestJpeg());
    const generation = await waitForGeneration(client, started.body.photoId!);
    const id = generation.design!.id;
    const post = (path: string, body: unknown) =>
      client.json<Design & { message?: string }>(path, { method: 'POST', body: JSON.stringify(body) });
    expect((await post(`/api/designs/${id}/select`, { variant: 'A' })).status).toBe(200);

    fault.current = { writes: 'disk-full', under: 'ai_gen/' };
    const refused = await post(`/api/designs/${id}/submit`, { name: 'Half Published' });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(infraMessages.diskFull);
    expect((await client.json<Design>(`/api/designs/${id}`)).body.status).toBe('pending_selection');
    const gallery = await client.json<GalleryPage>('/api/gallery?sortBy=recent');
    expect(gallery.body.designs.map((d) => d.id)).not.toContain(id);

    fault.current = { writes: 'ok' };
    const submitted = await post(`/api/designs/${id}/submit`, { name: 'Half Published' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('submitted');
  });
});

describe('a provider hanging past its deadline (pglite)', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    // Longer than a design takes on a loaded two-core machine, short enough for a test.
    server = await startTestServer('pglite', { FAULT_INJECTION: 'true', GENERATION_DEADLINE_MS: '12000' });
    client = await signIn(server.origin, { name: 'Waiting Designer', email: 'waiting@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const photoRow = async (photoId: string) =>
    (await server.database.db.select().from(environmentPhotos).where(eq(environmentPhotos.id, photoId)))[0];

  it('ends that design, and the generation finishes with the other or fails; never stuck', async () => {
    const one = await upload(client, forestJpeg(), { description: 'Hanging woods [hang-a]' });
    const finished = await waitForGeneration(client, one.body.photoId!, 60_000);
    expect(finished).toMatchObject({ status: 'completed', outcome: 'one' });
    expect(finished.design).toMatchObject({ designAUrl: null, selectedVariant: 'B' });

    const both = await upload(client, forestJpeg(), { description: 'Hanging woods [hang-a] [hang-b]' });
    const failed = await waitForGeneration(client, both.body.photoId!, 60_000);
    expect(failed).toMatchObject({ status: 'failed', error: generationMessages.generationFailed });
    expect((await photoRow(both.body.photoId!))?.status).toBe('failed');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the database out of reach (postgres)', () => {
  let server: TestServer;
  let client: Client;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startTestServer('postgres', {}, { databaseUrl: async (url) => proxy.via(url) });
    client = await signIn(server.origin, { name: 'Patient Visitor', email: 'patient@example.com' });
  });
  afterAll(async () => {
    proxy?.restore();
    await server?.close();
    await proxy?.close();
  });

  it('answers a clear 503 while it is down, and serves again when it is back, without a restart', async () => {
    expect((await client.json('/api/gallery')).status).toBe(200);

    proxy.cut();
    const gallery = await client.json<{ message: string }>('/api/gallery');
    expect(gallery.status).toBe(503);
    expect(gallery.body.message).toBe(infraMessages.database);
    const profile = await client.json<{ message: string }>('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ zipCode: '85001' }),
    });
    expect(profile.status).toBe(503);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(503);

    proxy.restore();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await client.json('/api/gallery')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    const saved = await client.json<{ zipCode: string }>('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ zipCode: '85001' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.zipCode).toBe('85001');
  });
});
