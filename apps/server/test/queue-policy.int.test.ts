import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { createQueue } from '../src/platform/queue.js';
import { backends, freshPostgres, pgliteTarget } from './support/test-server.js';

describe.each(backends)('the job queues at start (%s)', (backend) => {
  it('makes a queue again when its policy changed, and then keeps one dusk job a design, waiting or running', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'camo-queue-'));
    const postgres = backend === 'postgres' ? await freshPostgres() : undefined;
    const database = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : pgliteTarget(path.join(dir, 'db')),
    );
    try {
      // A database from before: predict-dusk made under 'short' (one waiting per design).
      const before = new PgBoss({ ...database.queueConnection, schema: 'pgboss' });
      await before.start();
      await before.createQueue('predict-dusk', { policy: 'short' });
      await before.stop({ graceful: false });

      const queue = await createQueue(database, pino({ level: 'silent' }));
      const boss = new PgBoss({ ...database.queueConnection, schema: 'pgboss' });
      await boss.start();
      expect((await boss.getQueue('predict-dusk'))?.policy).toBe('exclusive');
      expect(await queue.send('predict-dusk', { designId: 'd1' }, { singletonKey: 'd1' })).not.toBeNull();
      const [running] = await boss.fetch('predict-dusk');
      expect(running?.data).toEqual({ designId: 'd1' });
      // Asked again while it runs: refused ('short' took it, and the two ran side by side).
      expect(await queue.send('predict-dusk', { designId: 'd1' }, { singletonKey: 'd1' })).toBeNull();
      expect(await queue.send('predict-dusk', { designId: 'd2' }, { singletonKey: 'd2' })).not.toBeNull();
      await boss.complete('predict-dusk', running!.id);
      expect(await queue.send('predict-dusk', { designId: 'd1' }, { singletonKey: 'd1' })).not.toBeNull();
      await boss.stop({ graceful: false });
      await queue.stop();
    } finally {
      await database.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
