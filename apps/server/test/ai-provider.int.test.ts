import type { Design, Generation } from '@camo/shared/generation.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderUsage } from '../src/generation/provider-usage.repository.js';
import { designs } from '../src/platform/db/schema.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { startServerWithStandIn, type StandIn } from './support/openai-stand-in.js';
import { forestJpeg } from './support/photos.js';
import { backends, type TestServer } from './support/test-server.js';

describe.each(backends)('generation through the OpenAI-compatible provider on %s', (backend) => {
  let standIn: StandIn;
  let server: TestServer;
  let client: Client;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ standIn, server, close } = await startServerWithStandIn(backend));
    client = await signIn(server.origin, { name: 'AI Tester', email: `ai-${backend}@example.com` });
  }, 120_000);
  afterAll(() => close());

  const row = async (id: string) =>
    (await server.database.db.select().from(designs).where(eq(designs.id, id)))[0]!;

  it('stores the service’s designs with their response ids, and the edit continues from one', async () => {
    const started = await upload(client, forestJpeg(), { description: 'Loblolly pines and palmetto' });
    const done = await waitForGeneration(client, started.body.photoId!);
    expect(done.status).toBe('completed');
    expect(done.outcome).toBe('both');
    const design = await row(done.design!.id);
    expect(design.openaiResponseIdA).toMatch(/^resp_/);
    expect(design.openaiResponseIdB).toMatch(/^resp_/);
    expect([design.generationNoteA, design.generationNoteB]).toEqual([null, null]);
    expect(design.markdownAnalysisA).toContain('drawn by the AI image service');
    expect((await client.fetch(done.design!.designAUrl!)).status).toBe(200);

    const post = (path: string, body: unknown) =>
      client.json<Design>(path, { method: 'POST', body: JSON.stringify(body) });
    expect((await post(`/api/designs/${design.id}/select`, { variant: 'A' })).status).toBe(200);
    const edited = await post(`/api/designs/${design.id}/edit`, { editPrompt: 'more brown please' });
    expect(edited.status).toBe(200);
    expect(edited.body.hasEdits).toBe(true);
    expect(standIn.requests.at(-1)!.body.previous_response_id).toBe(design.openaiResponseIdA);
  }, 120_000);

  it('falls back to the built-in engine when the service refuses, and records why', async () => {
    const started = await upload(client, forestJpeg(), { description: 'Pines [ai:refuse]' });
    const done: Generation = await waitForGeneration(client, started.body.photoId!);
    expect(done.status).toBe('completed');
    expect(done.outcome).toBe('both');
    const design = await row(done.design!.id);
    expect(design.generationNoteA).toBe('The AI image service refused the request (moderation_blocked).');
    expect(design.markdownAnalysisA).toContain('Drawn by the built-in engine');
    expect(design.recipeA).not.toBeNull();
  }, 120_000);

  it('reserves the day’s budget atomically: of concurrent calls at the cap, only those that fit pass', async () => {
    const usage = createProviderUsage(server.database.db, `budget-test-${backend}`);
    const at = new Date('2026-11-24T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => usage.reserve(70_000, 300_000, at)));
    expect(results.filter(Boolean)).toHaveLength(4);
    // A new day starts a new budget.
    expect(await usage.reserve(70_000, 300_000, new Date('2026-11-25T00:00:01Z'))).not.toBeNull();
  });
});
