import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Client } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * quality.md: bad input never yields a 5xx or a stack trace. Generated and hostile values go to
 * every endpoint this issue built; the answer must be a 2xx or a 4xx with our error shape.
 */
describe('hostile input (property-based)', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    client = await signIn(server.origin, { name: 'Fuzz Target', email: 'fuzz@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const hostileString = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.constantFrom(
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      '\u0000',
      '%00',
      '${7*7}',
      '\uFEFF',
    ),
  );
  const profileLike = fc.record(
    {
      displayName: fc.oneof(hostileString, fc.anything()),
      phoneNumber: fc.oneof(hostileString, fc.anything()),
      zipCode: fc.oneof(hostileString, fc.anything()),
      allowPromo: fc.anything(),
    },
    { requiredKeys: [] },
  );

  const expectNoServerError = async (response: Response) => {
    expect(response.status).toBeLessThan(500);
    if (response.status >= 400) {
      const body = (await response.json()) as Record<string, unknown>;
      expect(typeof body.message).toBe('string');
      expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+/);
    }
  };

  it('PATCH /api/me answers every body with a 2xx or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(profileLike, fc.anything()), async (body) => {
        const response = await client.fetch('/api/me', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body) ?? 'undefined',
        });
        await expectNoServerError(response);
      }),
      { numRuns: 150 },
    );
  });

  it('GET /api/users/:id and its designs answer every id with a 2xx or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (id) => {
        for (const path of [
          `/api/users/${encodeURIComponent(id)}`,
          `/api/users/${encodeURIComponent(id)}/designs`,
        ]) {
          await expectNoServerError(await client.fetch(path));
        }
      }),
      { numRuns: 100 },
    );
  });
});
