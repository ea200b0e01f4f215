import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// In a file of its own: better-auth keeps its rate-limit counters in module memory.
describe("better-auth's own endpoints share the API's per-address budget", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { API_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers get-session 150 times a minute from one address (every page load asks it)', async () => {
    const client = createClient(server.origin);
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) statuses.add((await client.fetch('/api/auth/get-session')).status);
    expect([...statuses]).toEqual([200]);
  });
});
