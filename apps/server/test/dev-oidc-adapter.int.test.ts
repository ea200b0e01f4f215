import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOidcAdapter } from '../src/platform/auth/dev-oidc-adapter.repository.js';
import type { Database } from '../src/platform/db/database.js';
import { backends, openTestDatabase } from './support/test-server.js';

describe.each(backends)("the development sign-in's state on %s", (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let adapter: ReturnType<typeof devOidcAdapter>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    adapter = devOidcAdapter(database.db);
  });
  afterAll(async () => drop());

  it('finds what it stored by id and by uid, and marks a code consumed', async () => {
    await adapter('Session').upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await adapter('Session').find('s1')).toMatchObject({ uid: 'u1', accountId: 'a' });
    expect(await adapter('Session').findByUid('u1')).toMatchObject({ accountId: 'a' });
    // The same id under another model is another record.
    expect(await adapter('Grant').find('s1')).toBeUndefined();

    await adapter('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await adapter('AuthorizationCode').consume('c1');
    expect((await adapter('AuthorizationCode').find('c1'))?.consumed).toBeGreaterThan(0);
  });

  it('forgets what has expired', async () => {
    await adapter('Interaction').upsert('gone', { uid: 'x' }, -1);
    expect(await adapter('Interaction').find('gone')).toBeUndefined();
  });

  it('revoking a grant removes its codes and tokens but not the interaction that carries its id', async () => {
    await adapter('AuthorizationCode').upsert('c2', { grantId: 'g2' }, 60);
    await adapter('AccessToken').upsert('t2', { grantId: 'g2' }, 60);
    await adapter('Interaction').upsert('i2', { uid: 'i2', grantId: 'g2' }, 60);
    await adapter('AccessToken').revokeByGrantId('g2');
    expect(await adapter('AuthorizationCode').find('c2')).toBeUndefined();
    expect(await adapter('AccessToken').find('t2')).toBeUndefined();
    // Signing in as someone else logs the previous account out mid-interaction (its grant
    // revoked); the interaction must survive that to resume.
    expect(await adapter('Interaction').find('i2')).toMatchObject({ uid: 'i2' });
  });

  it('destroys one record', async () => {
    await adapter('Session').upsert('s3', { uid: 'u3' }, 60);
    await adapter('Session').destroy('s3');
    expect(await adapter('Session').find('s3')).toBeUndefined();
  });
});
