import { generationMessages, type Design } from '@camo/shared/generation.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

/**
 * An edit runs as a job (issue 30 item 3): with EDIT_WAIT_MS=0 the request answers 202 at once
 * and the design's `editJob` carries the edit's stage, then its result, as a page following it
 * after a reload sees it.
 */
describe.each(backends)('an edit as a job (%s)', (backend) => {
  let server: TestServer;
  let alice: Client;

  beforeAll(async () => {
    server = await startTestServer(backend, { EDIT_WAIT_MS: '0' });
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = <T>(path: string, body: unknown) =>
    alice.json<T>(path, { method: 'POST', body: JSON.stringify(body) });

  async function selectedDesign(): Promise<string> {
    const started = await upload(alice, forestJpeg(), {
      description: 'Oak and hickory ridge in late fall',
      state: 'MO',
    });
    const generation = await waitForGeneration(alice, started.body.photoId!);
    const id = generation.design!.id;
    expect((await post(`/api/designs/${id}/select`, { variant: 'A' })).status).toBe(200);
    return id;
  }

  /** Reads the design until its edit job is no longer running, as the page does. */
  async function followEdit(id: string): Promise<Design> {
    for (let i = 0; i < 300; i++) {
      const { body } = await alice.json<Design>(`/api/designs/${id}`);
      if (body.editJob?.status !== 'processing') return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the edit did not finish in 30 s');
  }

  it('answers 202 while the edit runs, holds the one edit, and shows the result when it is made', async () => {
    const id = await selectedDesign();
    const started = await post<Design>(`/api/designs/${id}/edit`, { editPrompt: 'make it darker' });
    expect(started.status).toBe(202);
    expect(started.body.hasEdits).toBe(false);
    expect(started.body.editJob).toMatchObject({ status: 'processing', request: 'make it darker' });
    expect(['processing_edit', 'uploading_edited']).toContain(
      started.body.editJob?.status === 'processing' ? started.body.editJob.stage : null,
    );
    // While it runs, the one edit is taken: a second request is refused, and so is another variant.
    const second = await post<{ message: string }>(`/api/designs/${id}/edit`, { editPrompt: 'lighter' });
    const reselect = await post(`/api/designs/${id}/select`, { variant: 'B' });
    const done = await followEdit(id);
    if (!done.hasEdits) throw new Error(`the edit was not made: ${JSON.stringify(done.editJob)}`);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(generationMessages.alreadyEdited);
    expect(reselect.status).toBe(409);
    expect(done).toMatchObject({
      hasEdits: true,
      editPrompt: 'make it darker',
      editJob: null,
      editNote: null,
    });
    expect(done.editedImageUrl).toMatch(/camo_design_[\w-]+_a_edited\.png$/);
    expect((await alice.fetch(done.editedImageUrl!)).status).toBe(200);
  });

  it('records an edit it could not make with its message and suggestions, and lets the person edit again', async () => {
    const id = await selectedDesign();
    const started = await post<Design>(`/api/designs/${id}/edit`, {
      editPrompt: 'make it look like tiger fur',
    });
    expect(started.status).toBe(202);
    const refused = await followEdit(id);
    expect(refused.hasEdits).toBe(false);
    expect(refused.editJob).toEqual({
      status: 'failed',
      request: 'make it look like tiger fur',
      message: "I couldn't find a change I can make in that request.",
      code: 'edit_not_understood',
      suggestions: ['stripes'],
    });
    const again = await post<Design>(`/api/designs/${id}/edit`, { editPrompt: 'more contrast' });
    expect(again.status).toBe(202);
    const made = await followEdit(id);
    expect(made).toMatchObject({ hasEdits: true, editPrompt: 'more contrast', editJob: null });
  });
});
