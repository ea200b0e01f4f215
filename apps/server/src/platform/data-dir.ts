import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Files in the data directory that hold secrets (config.ts#developmentSecret). */
const SECRET_FILES = ['auth-secret'];

/**
 * quality.md: the data directory (database, files, the development secret, the mail outbox) is
 * readable by its owner only: the directory 0700, whatever it was created with, and the secret
 * files 0600. Run at start by every process that uses the directory.
 */
export function secureDataDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of SECRET_FILES) {
    try {
      chmodSync(path.join(dir, name), 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
