import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEvents, type SessionEvent } from '../src/platform/auth/session-events.js';
import type { Database } from '../src/platform/db/database.js';
import { sessions, users } from '../src/platform/db/schema.js';
import { backends, openTestDatabase } from './support/test-server.js';

const log = pino({ level: 'silent' });

/** Resolves with the first event that matches, or fails after `ms`. */
function next(
  events: Awaited<ReturnType<typeof createSessionEvents>>,
  match: (event: SessionEvent) => boolean,
  ms = 5_000,
): Promise<SessionEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const stop = events.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** Decision 021: the database says when a session row is deleted or a person's row changes. */
describe.each(backends)('session notifications on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    await drop();
  });

  async function person() {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const { db } = database;
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, displayName: 'P' });
    await db.insert(sessions).values({
      id: sessionId,
      userId,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    return { userId, sessionId };
  }

  it('a deleted session, a changed person and a deleted person, whoever changed them', async () => {
    const events = await createSessionEvents(database, log);
    try {
      expect(events.live).toBe(true);
      const { db } = database;
      const { userId, sessionId } = await person();

      const ended = next(events, (e) => e.kind === 'session');
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      expect(await ended).toEqual({ kind: 'session', id: sessionId });

      const blocked = next(events, (e) => e.kind === 'person');
      await db.execute(sql`update users set blocked_at = now() where id = ${userId}`);
      expect(await blocked).toEqual({ kind: 'person', id: userId });

      // Deleting the account ends its sessions too (the foreign key cascades).
      const other = await person();
      const gone = Promise.all([
        next(events, (e) => e.kind === 'session' && e.id === other.sessionId),
        next(events, (e) => e.kind === 'person' && e.id === other.userId),
      ]);
      await db.delete(users).where(eq(users.id, other.userId));
      await gone;
    } finally {
      await events.close();
    }
  });

  it('an update of a session (its expiry moved on) says nothing', async () => {
    const events = await createSessionEvents(database, log);
    try {
      const { sessionId } = await person();
      const seen: SessionEvent[] = [];
      events.subscribe((event) => seen.push(event));
      await database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 120_000) })
        .where(eq(sessions.id, sessionId));
      // A notification that follows it proves the update's would have arrived by now.
      const marker = person().then(({ sessionId: id }) =>
        database.db.delete(sessions).where(eq(sessions.id, id)),
      );
      await Promise.all([marker, next(events, (e) => e.kind === 'session')]);
      expect(seen.filter((e) => e.kind === 'session' && e.id === sessionId)).toEqual([]);
    } finally {
      await events.close();
    }
  });

  it.runIf(backend === 'postgres')(
    'a lost listening connection forgets everything, stops keeping, and listens again',
    async () => {
      const events = await createSessionEvents(database, log);
      try {
        const missed = next(events, (e) => e.kind === 'missed');
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'listen camo_session_events' and datname = current_database()`,
        );
        await missed;
        expect(events.live).toBe(false);
        await next(events, (e) => e.kind === 'missed' && events.live, 10_000);
        const { sessionId } = await person();
        const ended = next(events, (e) => e.kind === 'session' && e.id === sessionId);
        await database.db.delete(sessions).where(eq(sessions.id, sessionId));
        await ended;
      } finally {
        await events.close();
      }
    },
  );
});
