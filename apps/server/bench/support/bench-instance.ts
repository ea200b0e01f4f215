import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { freePort } from '../../test/support/test-server.js';

/**
 * A fresh embedded instance for a benchmark: its own data directory, a free port, the development
 * settings without the web app, and its PGlite database; `env` adds the benchmark's own settings.
 */
export async function openBenchInstance(prefix: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  return { dataDir, port, config, database };
}
