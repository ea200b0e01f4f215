import type { VariantConcealment } from '@camo/shared/concealment.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { startServerWithStandIn } from './support/openai-stand-in.js';
import { forestJpeg } from './support/photos.js';
import { backends, type TestServer } from './support/test-server.js';

/**
 * Issue 39 (decision 028) through the API, on designs whose answer is known, handed to the product
 * through its AI provider path: the same picture gets the same figures, each figure carries its
 * uncertainty, and A is said to beat B only where the gap is real.
 */
describe.each(backends)('hiding figures a hunter can trust on %s', (backend) => {
  let server: TestServer;
  let client: Client;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ server, close } = await startServerWithStandIn(backend));
    client = await signIn(server.origin, { name: 'Figure Checker', email: `figures-${backend}@example.com` });
  }, 120_000);
  afterAll(() => close());

  async function variantsOf(description: string): Promise<VariantConcealment> {
    const started = await upload(client, forestJpeg(), { description });
    const done = await waitForGeneration(client, started.body.photoId!);
    expect(done.status).toBe('completed');
    const deadline = Date.now() + 90_000;
    for (;;) {
      const reply = await client.json<VariantConcealment>(
        `/api/designs/${done.design!.id}/predicted-hiding/variants`,
      );
      expect(reply.status).toBe(200);
      if (reply.body.A.length > 0 && reply.body.B.length > 0) return reply.body;
      if (Date.now() > deadline) throw new Error('no prediction in 90 s');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  it('gives one picture the same figures wherever it comes from, with their uncertainty, and names no winner', async () => {
    const first = await variantsOf('Spruce and moss [ai:twins]');
    const second = await variantsOf('The same ground again [ai:twins]');
    for (const side of [first.A, first.B, second.A, second.B]) {
      expect(side).toHaveLength(8);
      for (const p of side) {
        if (p.hiding === null) {
          expect(p.se).toBeNull();
          expect(p.outOfRange).toEqual(expect.any(String));
        } else {
          expect(p.se).toEqual(expect.any(Number));
          expect(p.outOfRange).toBeNull();
        }
      }
    }
    // A and B are one picture; the second design's are that picture again in the same photo.
    expect(first.B).toEqual(first.A);
    expect(second.A).toEqual(first.A);
    expect(first.gaps.length).toBeGreaterThan(0);
    for (const gap of first.gaps) {
      expect(gap.difference).toBe(0);
      expect(gap.reliable).toBe(false);
    }
  }, 240_000);

  it('names the design that hides better where the gap is real, and the same one at every such eye', async () => {
    const loud = await variantsOf('Spruce and moss [ai:loud]');
    const reliable = loud.gaps.filter((g) => g.reliable);
    expect(reliable.length).toBeGreaterThan(0);
    // Reliable means more than 2.8 standard errors (both are rounded to a tenth in the reply).
    for (const gap of loud.gaps)
      if (gap.reliable) expect(Math.abs(gap.difference)).toBeGreaterThanOrEqual(2.8 * gap.se - 0.2);
      else expect(Math.abs(gap.difference)).toBeLessThanOrEqual(2.8 * gap.se + 0.2);
    // The design in blaze orange and magenta stands out to a person at every distance it can be judged.
    const winners = new Set(reliable.map((g) => Math.sign(g.difference)));
    expect(winners.size).toBe(1);
  }, 240_000);
});
