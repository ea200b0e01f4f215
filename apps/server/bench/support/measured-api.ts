import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/app.js';
import type { DesignProvider } from '../../src/generation/provider.js';
import { openBenchInstance } from './bench-instance.js';
import type { LoadJob, LoadResult } from './load-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** No generation here: a provider that refuses keeps engine threads out of the measurement. */
const noProvider: DesignProvider = {
  name: 'none',
  generate: () => Promise.reject(new Error('not in this benchmark')),
  edit: () => Promise.reject(new Error('not in this benchmark')),
  render: () => Promise.resolve(null),
  close: () => Promise.resolve(),
};

/**
 * An API server to measure against its own baseline: buildApp over PGlite in a temporary
 * directory (`prefix`), listening, with `GET /api/bench-memory` sending `memory.body` from memory
 * through the same hooks (security headers, rate limit, request guards; registered here only,
 * never in the product), and `hammer`, autocannon in a child process (load-client.ts), so a CPU
 * profile of this process is the server's.
 */
export async function openMeasuredApi(prefix: string) {
  const { dataDir, port, config, database } = await openBenchInstance(prefix, {
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, database, provider: noProvider, workers: false });
  const memory = { body: '' };
  app.get('/api/bench-memory', async (_req, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(memory.body),
  );
  await app.listen({ port, host: '127.0.0.1' });

  const loader = fork(path.join(here, 'load-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  function hammer(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      loader.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) =>
        message.ok && message.result ? resolve(message.result) : reject(new Error(message.error)),
      );
      loader.send(job);
    });
  }

  return {
    database,
    origin: config.publicUrl.origin,
    memory,
    hammer,
    close: async () => {
      loader.disconnect();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
