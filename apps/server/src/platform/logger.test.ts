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
});
