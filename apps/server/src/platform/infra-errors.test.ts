import { describe, expect, it } from 'vitest';
import { infraMessages, infrastructureFailure } from './infra-errors.js';

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code });

describe('infrastructureFailure', () => {
  it('tells a full disk, however deep the cause', () => {
    const wrapped = withCode('Cannot write file', 'E_CANNOT_WRITE_FILE', withCode('no space', 'ENOSPC'));
    expect(infrastructureFailure(wrapped)?.message).toBe(infraMessages.diskFull);
    expect(infrastructureFailure(wrapped)?.statusCode).toBe(503);
  });

  it('tells an unreachable database, by code or by node-postgres message', () => {
    const query = new Error('Failed query: select 1', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(infrastructureFailure(query)?.message).toBe(infraMessages.database);
    const terminated = new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
    expect(infrastructureFailure(terminated)?.message).toBe(infraMessages.database);
    expect(infrastructureFailure(withCode('terminating connection', '57P01'))?.message).toBe(
      infraMessages.database,
    );
  });

  it('tells a store that refuses writes', () => {
    expect(infrastructureFailure(withCode('Cannot write file', 'E_CANNOT_WRITE_FILE'))?.message).toBe(
      infraMessages.storage,
    );
  });

  it('leaves every other error alone (a bug stays a 500)', () => {
    expect(infrastructureFailure(new TypeError('x is undefined'))).toBeNull();
    expect(infrastructureFailure(withCode('duplicate key', '23505'))).toBeNull();
    expect(infrastructureFailure('a string')).toBeNull();
    expect(infrastructureFailure(null)).toBeNull();
  });
});
