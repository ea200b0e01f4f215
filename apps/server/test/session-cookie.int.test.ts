import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/platform/auth/auth.js';
import { loadConfig } from '../src/platform/config.js';
import type { Database } from '../src/platform/db/database.js';
import { openTestDatabase } from './support/test-server.js';

/**
 * quality.md rule 5: on https the session cookie is `__Host-` prefixed (Secure, path /, no
 * Domain) and HttpOnly, SameSite=Lax; every other cookie of the sign-in is Secure too.
 */
describe('session cookie', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('pglite'));
  });
  afterAll(async () => {
    await drop?.();
  });

  const cookiesFor = async (publicUrl: string) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(tmpdir(), 'camo-cookie-test'),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    });
    const auth = createAuth(
      config,
      database.db,
      { sendSignInLink: async () => {} },
      { onSignIn: async () => {} },
      pino({ level: 'silent' }),
    );
    return (await auth.$context).authCookies;
  };

  it('is __Host-, Secure, HttpOnly, SameSite=Lax, path / and host-only on https', async () => {
    const cookies = await cookiesFor('https://camo.example');
    expect(cookies.sessionToken.name).toBe('__Host-camo.session_token');
    expect(cookies.sessionToken.attributes).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
    });
    expect(cookies.sessionToken.attributes.domain).toBeUndefined();
    expect(cookies.dontRememberToken.attributes.secure).toBe(true);
  });

  it('is plain on http (development on localhost), still HttpOnly and SameSite=Lax', async () => {
    const cookies = await cookiesFor('http://localhost:3000');
    expect(cookies.sessionToken.name).toBe('camo.session_token');
    expect(cookies.sessionToken.attributes).toMatchObject({ secure: false, httpOnly: true, sameSite: 'lax' });
  });
});
