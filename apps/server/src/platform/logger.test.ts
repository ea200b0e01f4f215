import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

const EMAIL = 'buck.hunter@example.com';
const PHONE = '(555) 867-5309';
const TOKEN = 'tok_3f9a1c7e5b2d4a6f8e0c';

/** A DrizzleQueryError as drizzle throws it, over a pg/PGlite error that carries the values too. */
function databaseError(): Error {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_unique"'),
    {
      name: 'DatabaseError',
      code: '23505',
      severity: 'ERROR',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      constraint: 'users_email_unique',
      table: 'users',
      parameters: [EMAIL, PHONE, TOKEN],
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("email", "phone_number", "token") values ($1, $2, $3)',
    [EMAIL, PHONE, TOKEN],
    cause,
  );
}

function capture(): { log: pino.Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions({ logLevel: 'info', env: 'development' }) as pino.LoggerOptions;
  return { log: pino(options, stream), lines: () => chunks.join('') };
}

describe('logger', () => {
  it('logs database errors without their bound parameters (err key, as the error handler does)', () => {
    const { log, lines } = capture();
    log.error({ err: databaseError() }, 'request failed');
    const out = lines();
    expect(out).not.toContain(EMAIL);
    expect(out).not.toContain(PHONE);
    expect(out).not.toContain(TOKEN);
    // What is needed to debug stays: the error type, the SQL with placeholders, the pg code.
    expect(out).toContain('DrizzleQueryError');
    expect(out).toContain('insert into \\"users\\"');
    expect(out).toContain('23505');
    expect(out).toContain('users_email_unique');
  });

  it('does the same for an error passed alone, under `error`, or through a child logger', () => {
    const { log, lines } = capture();
    log.error(databaseError());
    log.warn({ error: databaseError() }, 'queue stop failed');
    log.child({ reqId: 'r1' }).error({ err: databaseError() }, 'request failed');
    const wrapped = new Error('job failed', { cause: databaseError() });
    log.error({ err: wrapped }, 'job failed');
    const out = lines();
    expect(out.split('\n').filter(Boolean)).toHaveLength(4);
    expect(out).not.toContain(EMAIL);
    expect(out).not.toContain(PHONE);
    expect(out).not.toContain(TOKEN);
    expect(out).toContain('job failed');
  });

  it('logs a request as method, path and id: no cookie, no authorization header, no query string', () => {
    const { log, lines } = capture();
    const req = {
      id: 'req-7',
      method: 'GET',
      url: `/api/auth/magic-link/verify?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}`,
      headers: { cookie: `camo.session_token=${TOKEN}`, authorization: `Bearer ${TOKEN}` },
    };
    log.info({ req }, 'incoming request');
    const out = lines();
    expect(out).toContain('/api/auth/magic-link/verify');
    expect(out).toContain('req-7');
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain('buck.hunter');
    expect(out).not.toContain('camo.session_token');
    expect(out).not.toContain('Bearer');
  });

  it('redacts e-mail addresses, phone numbers and tokens a handler logs by accident', () => {
    const { log, lines } = capture();
    log.info({ user: { email: EMAIL, phoneNumber: PHONE }, link: { token: TOKEN } }, 'profile saved');
    const out = lines();
    expect(out).not.toContain(EMAIL);
    expect(out).not.toContain(PHONE);
    expect(out).not.toContain(TOKEN);
    expect(out).toContain('[redacted]');
  });

  it('encodes user text: a name with a line break and a forged log line stays one JSON line', () => {
    const { log, lines } = capture();
    const name = 'Buck\n{"level":60,"msg":"forged"}\u202e\u0000';
    log.info({ designName: name }, 'design renamed');
    const out = lines().trim().split('\n');
    expect(out).toHaveLength(1);
    expect((JSON.parse(out[0]!) as { designName: string }).designName).toBe(name);
  });
});
