import path from 'node:path';
import type { Config } from '../src/platform/config.js';
import { DataDirectoryLockedError } from '../src/platform/db/data-dir-lock.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';

/**
 * The database `npm start` serves (DATABASE_URL, or the embedded one under DATA_DIR), for an
 * operator's command. The embedded database has one owner: while the server runs, this prints
 * how to go on and returns null.
 */
export async function openInstanceDatabase(config: Config, command: string): Promise<Database | null> {
  try {
    return await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
    );
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      console.error(
        `Cannot run \`${command}\` while the server is running: ${error.message}\n` +
          `Stop \`npm start\` (Ctrl+C), run \`${command}\`, then start the server again.`,
      );
      return null;
    }
    throw error;
  }
}
