import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/database.js';
import { createStorage } from '../src/platform/storage.js';
import { pgliteTarget } from './support/test-server.js';

/** quality.md rule 9 as production runs it: HSTS on top of the strict CSP and the rest. */
describe('security headers in production', () => {
  let app: FastifyInstance;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-prod-headers-'));
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://camo.example',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'not-a-real-secret',
    });
    const database = await openDatabase(pgliteTarget(path.join(dataDir, 'db')));
    app = await buildApp({
      config,
      database,
      mailer: { sendSignInLink: () => Promise.resolve() },
      storage: createStorage(config),
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends HSTS for a year with subdomains, with the CSP, nosniff and the referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(response.headers['content-security-policy'] ?? '');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
