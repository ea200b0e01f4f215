import { createHash, createPrivateKey } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload, JWK } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { oidcPayloads } from '../db/schema.js';

/**
 * The development sign-in's state (interactions, sessions, grants, codes, tokens) in PostgreSQL,
 * so that a sign-in started on one API process can finish on another, and survives a restart.
 * This is oidc-provider's adapter interface (one instance per model name).
 */
/**
 * The models a grant's revocation removes (as in oidc-provider's memory adapter). Others, such
 * as an Interaction, may carry a grantId too but must outlive the grant: logging the previous
 * account out mid sign-in revokes its grant, and the interaction then resumes.
 */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function devOidcAdapter(db: Db): (model: string) => Adapter {
  let lastPrune = 0;

  const live = (model: string) =>
    and(
      eq(oidcPayloads.model, model),
      or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
    );

  const payloadOf = (row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) => {
    if (!row) return undefined;
    const payload = { ...row.payload } as AdapterPayload;
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
    return payload;
  };

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: GRANTABLE.has(model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
      // Expired rows are of no use to anyone; sweep them now and then.
      if (Date.now() - lastPrune > 60_000) {
        lastPrune = Date.now();
        await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
      }
    },
    async find(id) {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(live(model), eq(oidcPayloads.id, id)));
      return payloadOf(row);
    },
    async findByUid(uid) {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(live(model), eq(oidcPayloads.uid, uid)));
      return payloadOf(row);
    },
    async findByUserCode(userCode) {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(live(model), eq(oidcPayloads.userCode, userCode)));
      return payloadOf(row);
    },
    async consume(id) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },
    async destroy(id) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },
    async revokeByGrantId(grantId) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    },
  });
}

/** DER prefix of a PKCS #8 Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The development provider's signing key, derived from the server's secret: every API process
 * signs and publishes the same key, so an ID token one process issued verifies on another.
 */
export function devOidcSigningKey(secret: string): JWK {
  const seed = createHash('sha256').update(`dev-oidc-signing:${secret}`).digest();
  const key = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = key.export({ format: 'jwk' });
  const kid = createHash('sha256').update(String(jwk.x)).digest('base64url').slice(0, 16);
  return { ...jwk, kid, alg: 'EdDSA', use: 'sig' };
}
