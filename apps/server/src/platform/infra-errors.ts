import { ServiceUnavailableError } from './http-errors.js';

export const infraMessages = {
  diskFull: 'The server has run out of storage space. Nothing was saved. Please try again later.',
  database: 'The site cannot reach its database right now. Nothing was saved. Please try again in a moment.',
  storage: 'Files cannot be saved right now. Nothing was published. Please try again in a moment.',
} as const;

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** Connection failures of node-postgres, and PostgreSQL's connection-exception and shutdown states. */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);
const DATABASE_DOWN_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;
/** flydrive's write failures (its drivers wrap the underlying error as `cause`). */
const STORAGE_FAILED = new Set([
  'E_CANNOT_WRITE_FILE',
  'E_CANNOT_COPY_FILE',
  'E_CANNOT_MOVE_FILE',
  'EIO',
  'EROFS',
]);

/** The error and its causes, outermost first (Drizzle and flydrive wrap what went wrong). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * When a request fails because a piece of the infrastructure did (a full disk, the database out
 * of reach, the file store refusing writes), a 503 that says so, instead of "Something went
 * wrong": the person learns it is not their input and that trying later helps. Null otherwise.
 */
export function infrastructureFailure(error: unknown): ServiceUnavailableError | null {
  const links = [...chain(error)];
  const codes = links.map((link) => (typeof link.code === 'string' ? link.code : ''));
  if (codes.some((code) => DISK_FULL.has(code))) return new ServiceUnavailableError(infraMessages.diskFull);
  if (
    codes.some((code) => DATABASE_DOWN.has(code)) ||
    links.some((link) => typeof link.message === 'string' && DATABASE_DOWN_TEXT.test(link.message))
  )
    return new ServiceUnavailableError(infraMessages.database);
  if (codes.some((code) => STORAGE_FAILED.has(code)))
    return new ServiceUnavailableError(infraMessages.storage);
  return null;
}
