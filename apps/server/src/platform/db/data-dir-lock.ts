import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

export class DataDirectoryLockedError extends Error {
  constructor(readonly dir: string) {
    super(
      `Another process is already using the embedded database in ${dir}. ` +
        'Stop that process first. To run several processes, set DATABASE_URL to a PostgreSQL server.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

/**
 * Time-based staleness is only the last resort: opening a new PGlite directory blocks the
 * event loop for seconds (initdb), so the lock cannot be refreshed meanwhile, and a short
 * threshold would let a second process take the directory from a live one.
 */
const STALE_MS = 60_000;

interface Owner {
  pid: number;
  host: string;
}

/** True only when we can tell the recorded owner process is gone (it crashed or was killed). */
function ownerIsGone(ownerFile: string): boolean {
  let owner: Owner;
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as Owner;
  } catch {
    return false; // no record yet: the owner may be between taking the lock and writing it
  }
  if (owner.host !== hostname() || !Number.isInteger(owner.pid)) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const take = (dir: string) =>
  lockfile.lock(dir, {
    stale: STALE_MS,
    update: STALE_MS / 6,
    realpath: false,
    onCompromised: (error) => {
      // Someone else took the directory while we held it: stop writing rather than corrupt it.
      console.error(`Lost the lock on ${dir}: ${error.message}`);
      process.exit(1);
    },
  });

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * PGlite does not lock its directory, and two processes writing one directory silently lose
 * data, so one process owns it. A second process is refused at once with a clear message;
 * after a crash the lock's recorded owner process no longer exists, so a restart takes the
 * directory straight away.
 */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  const ownerFile = `${dir}.owner.json`;
  let release: () => Promise<void>;
  try {
    release = await take(dir);
  } catch (error) {
    if (!isLocked(error)) throw error;
    if (!ownerIsGone(ownerFile)) throw new DataDirectoryLockedError(dir);
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    try {
      release = await take(dir);
    } catch (retryError) {
      if (isLocked(retryError)) throw new DataDirectoryLockedError(dir);
      throw retryError;
    }
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
  return async () => {
    rmSync(ownerFile, { force: true });
    await release();
  };
}
