import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// In a file of its own: better-auth keeps its in-memory counters per process module, and
// other test servers in the same module would have spent this address's allowance.
describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      API_RATE_LIMIT_PER_MINUTE: '8',
    });
    // The counters' windows are whole minutes of the clock (platform/shared-counters.ts): both tests
    // count in one, so they start where at least 15 s of a minute is left, not across its end.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('limits sign-in attempts per client address', async () => {
    const client = createClient(server.origin);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.json('/api/auth/sign-in/social', {
        method: 'POST',
        body: JSON.stringify({ provider: 'dev-oidc', callbackURL: '/profile' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('limits API requests per client address, but not the web app files', async () => {
    // The five sign-in attempts above were API requests too: three more pass, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.origin}/api/health`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.origin}/seed/trophy-2025-04.webp`)).status).toBe(200);
  });
});
