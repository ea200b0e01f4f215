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

/** A lock is stale when its owner stopped refreshing it this long ago (e.g. it was killed). */
const STALE_MS = 5_000;

/**
 * PGlite does not lock its directory, and two processes writing one directory silently lose
 * data, so one process owns it. The lock is refreshed while we run; after a crash it goes
 * stale within STALE_MS, and a restart waits that long rather than refusing at once.
 */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: STALE_MS,
      update: STALE_MS / 2,
      realpath: false,
      retries: { retries: 3, factor: 1, minTimeout: STALE_MS / 2, maxTimeout: STALE_MS / 2 },
      onCompromised: (error) => {
        // Someone else took the directory while we held it: stop writing rather than corrupt it.
        console.error(`Lost the lock on ${dir}: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirectoryLockedError(dir);
    throw error;
  }
}
