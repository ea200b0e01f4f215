import type { Logger } from 'pino';
import type { Database } from '../db/database.js';

/**
 * What makes something a process keeps about a session or a person wrong (decision 021):
 * - `session`: the session row was deleted (sign-out, revocation, expiry, by hand, its person's
 *   account deleted);
 * - `person`: the person's `users` row changed or was deleted (a block, a profile edit, a sign-in);
 * - `missed`: changes may have gone unseen (the listening connection was lost or is back), so
 *   everything kept is to be forgotten.
 */
export type SessionEvent =
  { kind: 'session'; id: string } | { kind: 'person'; id: string } | { kind: 'missed' };

/**
 * The channel the triggers of migration 0017 notify on: `s:<session id>` when a `sessions` row
 * is deleted, `u:<user id>` when a `users` row is updated or deleted. Every API process listens.
 */
export const SESSION_EVENTS_CHANNEL = 'camo_session_events';

export interface SessionEvents {
  /**
   * Whether every change is being seen now. While it is not, nothing may be kept about a session
   * or a person (the caches ask the database each time), since a change would go unseen.
   */
  readonly live: boolean;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /**
   * A change this process has just made, delivered here at once: on PostgreSQL the notification
   * comes back through the listening connection a moment after the commit, and the next request
   * of the same person may already be here. The database tells the other processes.
   */
  publish(event: SessionEvent): void;
  close(): Promise<void>;
}

function parse(payload: string): SessionEvent | undefined {
  const id = payload.slice(2);
  if (!id) return undefined;
  if (payload.startsWith('s:')) return { kind: 'session', id };
  if (payload.startsWith('u:')) return { kind: 'person', id };
  return undefined;
}

/** Listens for the database's session and person notifications (platform/db/notifications.ts). */
export async function createSessionEvents(
  database: Pick<Database, 'listen'>,
  log: Pick<Logger, 'warn' | 'info'>,
): Promise<SessionEvents> {
  const listeners = new Set<(event: SessionEvent) => void>();
  let live = false;
  let wasLive = false;
  const deliver = (event: SessionEvent) => {
    for (const listener of listeners) listener(event);
  };
  const unlisten = await database.listen(SESSION_EVENTS_CHANNEL, {
    message(payload) {
      const event = parse(payload);
      if (event) deliver(event);
    },
    state(now) {
      live = now;
      if (!now)
        log.warn(
          'session notifications lost: sessions and people are read from the database until they are back',
        );
      else if (wasLive) log.info('session notifications are back');
      wasLive ||= now;
      deliver({ kind: 'missed' });
    },
  });
  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: deliver,
    async close() {
      live = false;
      deliver({ kind: 'missed' });
      listeners.clear();
      await unlisten();
    },
  };
}
