import type { DesignConcealment } from '@camo/shared/concealment.schema';
import type { Design, Generation } from '@camo/shared/generation.schema';
import { DEFAULT_REPEAT_CM, shapesText } from '@camo/shared/shapes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignPredictions } from '../src/concealment/prediction-scores.js';
import { designs } from '../src/platform/db/schema.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { post, until } from './support/until.js';

/** A design's printed repeat (decision 035): chosen when submitting, fixed after, measured at. */
describe("a design's printed repeat through the API", () => {
  let server: TestServer;
  let owner: Client;
  let designId: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    owner = await signIn(server.origin, { name: 'Rhea Repeat', email: 'rhea-repeat@example.com' });
    const started = await upload(owner, forestJpeg(), { description: 'Pine and fern', state: 'OR' });
    const done: Generation = await waitForGeneration(owner, started.body.photoId!);
    expect(done.status).toBe('completed');
    designId = done.design!.id;
    expect(done.design!.repeatCm).toBe(DEFAULT_REPEAT_CM);
    expect((await post<Design>(owner, `/api/designs/${designId}/select`, { variant: 'A' })).status).toBe(200);
  }, 180_000);
  afterAll(async () => server?.close());

  it('refuses a repeat out of bounds or not whole with its message, and keeps the draft', async () => {
    for (const repeatCm of [5, 201, 75.5, '75']) {
      const refused = await post<{ message: string }>(owner, `/api/designs/${designId}/submit`, {
        name: 'Fern Break',
        repeatCm,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(shapesText.repeatInvalid);
    }
    const draft = await owner.json<Design>(`/api/designs/${designId}`);
    expect(draft.body.status).toBe('pending_selection');
  });

  it('keeps the chosen repeat, measures the final image at it and says it in the download', async () => {
    const submitted = await post<Design>(owner, `/api/designs/${designId}/submit`, {
      name: 'Fern Break',
      repeatCm: 150,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.repeatCm).toBe(150);
    const concealment = await until(
      async () => (await owner.json<DesignConcealment>(`/api/designs/${designId}/predicted-hiding`)).body,
      (c) => c.predictions.length > 0 && c.shapes !== null,
    );
    expect(concealment.shapes!.repeatCm).toBe(150);
    const [row] = await server.database.db.select().from(designs).where(eq(designs.id, designId));
    const stored = row!.concealmentPredictions as DesignPredictions;
    // The same image as A, measured again at its own repeat; A's figures at the default stay A's.
    expect(stored.final?.imageKey).toBe(stored.A?.imageKey);
    expect(stored.final?.repeatCm).toBe(150);
    expect(stored.A?.repeatCm ?? DEFAULT_REPEAT_CM).toBe(DEFAULT_REPEAT_CM);
    expect(stored.final?.eyes).not.toEqual(stored.A?.eyes);
    // The shapes of a tile twice as wide are twice as wide.
    expect(stored.final!.shapes!.figures[0]!.classes.large.widthCm).toBeCloseTo(
      2 * stored.A!.shapes!.figures[0]!.classes.large.widthCm,
      0,
    );
    const exported = await owner.fetch(`/api/designs/${designId}/export?size=1024`);
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="fern-break-tile-1024-150cm-17ppi.png"',
    );
    // Fixed once submitted: the write takes only a draft.
    const again = await post<{ message: string }>(owner, `/api/designs/${designId}/submit`, {
      name: 'Fern Break',
      repeatCm: 40,
    });
    expect(again.status).toBe(409);
    expect((await owner.json<Design>(`/api/designs/${designId}`)).body.repeatCm).toBe(150);
  });
});
