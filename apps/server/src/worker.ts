import { availableParallelism } from 'node:os';
import { compose } from './compose.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { secureDataDirectory } from './platform/data-dir.js';
import { DatabaseUnreachableError, openDatabase, releaseStartupMemory } from './platform/db/database.js';

/**
 * `npm run worker`: processes jobs (generations, the monthly contest close) and serves nothing.
 * Any number of workers and API processes (`npm run start:api`) share one PostgreSQL database;
 * the embedded one belongs to a single process, so a worker needs DATABASE_URL.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database and local files live in the data directory: its owner's alone.
  if (!config.databaseUrl || !config.s3) secureDataDirectory(config.dataDir);
  if (!config.databaseUrl) {
    throw new ConfigError([
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, which `npm start` runs with its own workers.',
    ]);
  }
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  // A worker serves nothing, so its engine may use every core (an API process keeps one free).
  const ctx = await compose({ config, database, engineThreads: Math.min(4, availableParallelism()) });
  const { log } = ctx;
  await ctx.startWorkers();
  log.info({ concurrency: config.workerConcurrency }, 'worker started: processing jobs');
  await releaseStartupMemory();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    ctx.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DatabaseUnreachableError
      ? error.message
      : ['Worker start-up failed:', error].join(' '),
  );
  process.exit(1);
});
