/**
 * Prepares the browser tests' data directory, before their server starts, with a contest month
 * that has ended but was never closed: two designs made through the real create flow early last
 * month and votes on them, with the services' clock set back. The server then finds the month
 * unrecorded at start and closes it (the catch-up), which is what the contest test checks.
 * Runs against DATA_DIR (a fresh directory per run); with data already there it does nothing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contestMonthOf, monthStart, previousMonth } from '@camo/shared/contest';
import { generationFieldsSchema } from '@camo/shared/generation.schema';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { compose } from '../../apps/server/src/compose.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { openDatabase } from '../../apps/server/src/platform/db/database.js';
import { users } from '../../apps/server/src/platform/db/schema.js';
import { contestHistory } from '../support/contest-history.js';

const DAY = 24 * 3600 * 1000;
const FOREST = path.resolve(import.meta.dirname, '../../packages/camo-engine/fixtures/forest.jpg');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'db') });
  let clock = new Date();
  const app = await compose({
    config,
    database,
    log: pino({ level: 'warn' }),
    now: () => new Date(clock.getTime()),
  });
  try {
    const ids = { designer: 'e2e-contest-designer', rival: 'e2e-contest-rival', voter: 'e2e-contest-voter' };
    const [existing] = await database.db.select().from(users).where(eq(users.id, ids.designer));
    if (existing) return;

    const tz = config.contest.timeZone;
    const start = monthStart(previousMonth(contestMonthOf(new Date(), tz)), tz).getTime();
    const joined = new Date(start - 30 * DAY);
    await database.db.insert(users).values(
      [
        { id: ids.designer, email: 'veteran@contest.test', displayName: contestHistory.designerName },
        { id: ids.rival, email: 'rival@contest.test', displayName: 'Contest Rival' },
        { id: ids.voter, email: 'voter@contest.test', displayName: 'Contest Voter' },
      ].map((u) => ({ ...u, createdAt: joined, updatedAt: joined })),
    );

    const photo = readFileSync(FOREST);
    const submit = async (userId: string, name: string, at: number) => {
      clock = new Date(at);
      const fields = generationFieldsSchema.parse({
        description: 'Oak and hickory woods with leaf litter',
        state: 'MO',
        county: '',
        idempotencyKey: randomUUID(),
      });
      const { photoId } = await app.generation.start(userId, fields, photo);
      await app.generation.run(photoId);
      const design = (await app.generation.get(photoId, userId)).design;
      if (!design) throw new Error('the generation made no design');
      if (!design.selectedVariant) await app.designs.select(design.id, userId, 'A');
      await app.designs.submit(design.id, userId, { name });
      return design.id;
    };
    const winner = await submit(ids.designer, contestHistory.winnerName, start + 2 * DAY);
    const runnerUp = await submit(ids.rival, contestHistory.runnerUpName, start + 3 * DAY);
    clock = new Date(start + 4 * DAY);
    await app.votes.vote(winner, ids.voter);
    await app.votes.vote(winner, ids.rival);
    await app.votes.vote(runnerUp, ids.designer);
  } finally {
    await app.close();
  }
}

await main();
