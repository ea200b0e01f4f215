import { adminWarningMessages } from '@camo/shared/moderation';
import { adminWarningsOf, ConfigError, loadConfig } from './platform/config.js';
import { secureDataDirectory } from './platform/data-dir.js';
import { DataDirectoryLockedError } from './platform/db/data-dir-lock.js';
import { DatabaseUnreachableError, openDatabase, releaseStartupMemory } from './platform/db/database.js';
import path from 'node:path';

/** How long after listening the start-up's garbage is collected (see below). */
const STARTUP_GC_DELAY_MS = 5_000;

async function main(): Promise<void> {
  // Milliseconds since the process began: loading the modules, then each step of the start-up.
  const modulesLoaded = performance.now();
  // The app's modules (Fastify, every domain's routes and services, the image library) load while
  // the database opens: the embedded one compiles its WebAssembly and reads its files off the main
  // thread, which a start would otherwise wait for with nothing else to do.
  const appModule = import('./app.js');
  appModule.catch(() => undefined);
  const config = loadConfig();
  // The embedded database and local files live in the data directory: its owner's alone.
  if (!config.databaseUrl || !config.s3) secureDataDirectory(config.dataDir);
  // `npm run start:api`: serve only, while `npm run worker` processes run the jobs.
  const apiOnly = process.argv.includes('--api');
  if (apiOnly && !config.databaseUrl) {
    throw new ConfigError([
      'npm run start:api needs DATABASE_URL (PostgreSQL) and `npm run worker` beside it: the embedded database belongs to one process, which `npm start` runs with its own workers.',
    ]);
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
  );
  const databaseOpen = performance.now();
  const { buildServer } = await appModule;
  const appLoaded = performance.now();
  const { app, startWorkers } = await buildServer({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `accepting connections on ${address}`,
  });
  const listening = performance.now();
  // The job workers start once the site answers: a job sent meanwhile (an upload in the first
  // moment) waits in the queue for them, while the first page need not wait for the queue.
  if (!apiOnly) await startWorkers();
  const workersStarted = performance.now();
  app.log.info(
    {
      database: database.kind,
      devSignIn: config.devSignIn,
      jobs: !apiOnly,
      // Where a start's time goes (docs/benchmarks.md), in ms: this file's modules, the database
      // (the app's modules loading beside it), what was left of loading the app's modules, the app
      // to listening, then the job workers (after listening).
      startup: {
        modulesMs: Math.round(modulesLoaded),
        databaseMs: Math.round(databaseOpen - modulesLoaded),
        appModulesMs: Math.round(appLoaded - databaseOpen),
        appMs: Math.round(listening - appLoaded),
        workersMs: Math.round(workersStarted - listening),
      },
    },
    `database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}; jobs: ${apiOnly ? 'left to `npm run worker`' : 'run here'}; sign-in: ${config.google ? 'Google' : config.devSignIn ? 'development (no Google credentials)' : 'none (no Google credentials, development sign-in off)'}`,
  );
  for (const warning of adminWarningsOf(config)) app.log.warn({ warning }, adminWarningMessages[warning]);
  // The last line of the start-up: where to open the site (not the interface Fastify listens on).
  app.log.info({ url: config.publicUrl.href }, `${config.siteName} is ready: open ${config.publicUrl.href}`);
  // What the start-up left behind (PGlite's and the migrations' buffers) is freed a few seconds
  // after the site answers: the full collection blocks the event loop for a moment, and the
  // first page, asked for as soon as the address is printed, need not wait for it.
  setTimeout(() => void releaseStartupMemory(), STARTUP_GC_DELAY_MS).unref();
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirectoryLockedError ||
    error instanceof DatabaseUnreachableError
  ) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
