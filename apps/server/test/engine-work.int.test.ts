import { apiMessages } from '@camo/shared/api-messages';
import type { GroundDesign, GroundPhoto } from '@camo/shared/ground.schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { fixturePhoto, forestJpeg } from './support/photos.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';
import { until } from './support/until.js';

/** A design image with some pattern (two colours), as the hunt tests make one. */
async function designPng(): Promise<Buffer> {
  const size = 96;
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const v = Math.sin(i * 0.05 + 3) + Math.cos(i * 0.039) > 0;
    data.set(v ? [84, 92, 60] : [120, 104, 76], i * 3);
  }
  return sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

type Counted = 'designView' | 'blend' | 'groundView' | 'groundDesign';

/**
 * The built-in engine with each on-request computation counted as it is asked for, and a latch
 * that holds the computations asked for while it is closed (so a test can keep them under way).
 */
function countingEngine() {
  const real = createEngine({ threads: 1 });
  const calls: Record<Counted, number> = { designView: 0, blend: 0, groundView: 0, groundDesign: 0 };
  let latch: Promise<void> | null = null;
  let open = () => {};
  const counted = async <T>(name: Counted, run: () => Promise<T>): Promise<T> => {
    calls[name]++;
    if (latch) await latch;
    return run();
  };
  const engine: Engine = {
    ...real,
    blendPreview: (input) => counted('blend', () => real.blendPreview(input)),
    view: (input) => counted('designView', () => real.view(input)),
    groundView: (input) => counted('groundView', () => real.groundView(input)),
    groundDesign: (input) => counted('groundDesign', () => real.groundDesign(input)),
  };
  return {
    engine,
    calls,
    total: () => Object.values(calls).reduce((a, b) => a + b, 0),
    hold() {
      latch = new Promise((resolve) => (open = resolve));
    },
    release() {
      latch = null;
      open();
    },
  };
}

const STILL_WAITING = 'still waiting' as const;
/** The response, or STILL_WAITING when none came while the others are held (an unbounded queue). */
const answerWhileHeld = (response: Promise<Response>) =>
  Promise.race([
    response,
    new Promise<typeof STILL_WAITING>((r) => setTimeout(() => r(STILL_WAITING), 15_000)),
  ]);

describe.each(backends)('engine work on request is kept and bounded (decision 025) on %s', (backend) => {
  let server: TestServer;
  const engine = countingEngine();
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let designId: string;
  let groundPhoto: string;

  beforeAll(async () => {
    server = await startTestServer(
      backend,
      // Two computations at once, one waiting, two per person (of which one may wait).
      { ENGINE_WORK_PER_PERSON: '2', ENGINE_WORK_RUNNING: '2', ENGINE_WORK_QUEUED: '1' },
      { engine: engine.engine },
    );
    alice = await signIn(server.origin, { name: 'Alice Busy', email: 'alice-engine-work@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Busy', email: 'bob-engine-work@example.com' });
    carol = await signIn(server.origin, { name: 'Carol Busy', email: 'carol-engine-work@example.com' });
    const aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    const photoKey = `environment_photos/2026/01/${aliceId}_ew_env.jpg`;
    const designKey = 'ai_gen/2026/01/camo_design_ew_a.png';
    await server.storage.put(photoKey, forestJpeg());
    await server.storage.put(designKey, await designPng());
    designId = await createSubmittedDesign(server.database.db, {
      userId: aliceId,
      designAUrl: designKey,
      environmentPhotoUrl: photoKey,
    });
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(fixturePhoto('desert'))], { type: 'image/jpeg' }), 'photo');
    const uploaded = await alice.fetch('/api/ground-photos', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    groundPhoto = ((await uploaded.json()) as GroundPhoto).id;
  }, 180_000);
  afterAll(async () => {
    engine.release();
    await server?.close();
  });

  const designView = (eye: string) => `/api/designs/${designId}/predicted-hiding/view?${eye}`;
  const groundView = (eye: string) => `/api/ground-photos/${groundPhoto}/designs/${designId}/view?${eye}`;
  const blend = (variant: string) => `/api/designs/${designId}/blend-preview?variant=${variant}`;
  const inPhoto = () => `/api/ground-photos/${groundPhoto}/designs/${designId}`;

  it('computes each picture and each design in a ground photo once: requests at once share it, later ones are kept', async () => {
    const cases: { name: Counted; paths: string[] }[] = [
      { name: 'designView', paths: [designView('observer=person&distance=10')] },
      // The blend preview of the final image and of A (the same image) is one computation.
      { name: 'blend', paths: [blend('final'), blend('A'), blend('final')] },
      { name: 'groundView', paths: [groundView('observer=deer&distance=10')] },
      { name: 'groundDesign', paths: [inPhoto()] },
    ];
    for (const { name, paths } of cases) {
      const before = engine.calls[name];
      // Three at once (more than the person's limit of two): one computation, no refusal.
      const together = await Promise.all(
        [0, 1, 2].map(async (i) => {
          const response = await alice.fetch(paths[i % paths.length]!);
          return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
        }),
      );
      expect(
        together.map((r) => r.status),
        name,
      ).toEqual([200, 200, 200]);
      expect(engine.calls[name], `${name}: requests at once`).toBe(before + 1);
      // Again, one after the other: no engine work at all, the same answer.
      for (const path of paths) {
        const again = await alice.fetch(path);
        expect(again.status).toBe(200);
        const bytes = Buffer.from(await again.arrayBuffer());
        if (name === 'groundDesign')
          expect((JSON.parse(bytes.toString()) as GroundDesign).predictions).toEqual(
            (JSON.parse(together[0]!.bytes.toString()) as GroundDesign).predictions,
          );
        else expect(bytes.equals(together[0]!.bytes), `${name}: the same picture`).toBe(true);
      }
      expect(engine.calls[name], `${name}: requests later`).toBe(before + 1);
    }
    // Another eye is another computation, of the person's own photo (for anyone else a 404 first).
    const before = engine.calls.groundView;
    expect((await alice.fetch(groundView('observer=person&distance=10'))).status).toBe(200);
    expect(engine.calls.groundView).toBe(before + 1);
    expect((await bob.fetch(groundView('observer=person&distance=10'))).status).toBe(404);
    expect(engine.calls.groundView).toBe(before + 1);
  }, 240_000);

  it('refuses a person past their limit (429) and everyone past the queue (503), each with Retry-After, and serves the rest', async () => {
    engine.hold();
    try {
      const asked = engine.total();
      // Alice's two computations run (the gate lets two run): both reach the engine and wait there.
      const a1 = alice.fetch(groundView('observer=person&distance=25'));
      const a2 = alice.fetch(designView('observer=deer&distance=25'));
      await until(
        () => Promise.resolve(engine.total()),
        (total) => total === asked + 2,
        30_000,
      );

      // A third of Alice's own: refused at once, not queued.
      const a3 = await answerWhileHeld(alice.fetch(groundView('observer=deer&distance=25')));
      expect(a3).not.toBe(STILL_WAITING);
      const mine = a3 as Response;
      expect(mine.status).toBe(429);
      const mineAfter = Number(mine.headers.get('retry-after'));
      expect(mineAfter).toBeGreaterThanOrEqual(1);
      expect(await mine.json()).toEqual({
        error: 'engine_busy_for_you',
        message: apiMessages.engineBusyForYou(mineAfter),
      });

      // Bob's and Carol's: one takes the queue's one place, the other is refused for everyone's sake.
      const b1 = bob.fetch(designView('observer=person&distance=25'));
      const c1 = carol.fetch(designView('observer=person&distance=50'));
      const first = await answerWhileHeld(Promise.race([b1, c1]));
      expect(first).not.toBe(STILL_WAITING);
      const full = first as Response;
      expect(full.status).toBe(503);
      const fullAfter = Number(full.headers.get('retry-after'));
      expect(fullAfter).toBeGreaterThanOrEqual(1);
      expect(await full.json()).toEqual({ error: 'engine_busy', message: apiMessages.engineBusy(fullAfter) });
      // Nothing refused reached the engine.
      expect(engine.total()).toBe(asked + 2);

      engine.release();
      const statuses = await Promise.all([a1, a2, b1, c1].map(async (r) => (await r).status));
      expect(statuses.sort()).toEqual([200, 200, 200, 503]);
      // The queued one ran once a place was free; then Alice may ask again.
      expect(engine.total()).toBe(asked + 3);
      expect((await alice.fetch(groundView('observer=deer&distance=25'))).status).toBe(200);
    } finally {
      engine.release();
    }
  }, 240_000);
});
