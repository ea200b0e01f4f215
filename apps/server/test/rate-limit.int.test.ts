import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// In a file of its own: better-auth keeps its in-memory counters per process module, and
// other test servers in the same module would have spent this address's allowance.
describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
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
});
