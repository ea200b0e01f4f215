import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber to a PostgreSQL notification channel (`LISTEN`) is told. */
export interface NotificationHandlers {
  /** A `NOTIFY` on the channel, sent by a transaction that has committed. */
  message(payload: string): void;
  /**
   * Whether notifications are being received. After `false`, any number of them may have been
   * missed (PostgreSQL keeps none for a session that is gone) until the next `true`.
   */
  state(live: boolean): void;
}

/** Subscribes to a channel; the returned function ends the subscription. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
}

/**
 * PGlite is one backend in this process: a `NOTIFY` is delivered to its listeners when the
 * transaction that sent it commits, before that query's promise settles, and never lost.
 */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, handlers) => {
    checkChannel(channel);
    const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
    handlers.state(true);
    return async () => {
      await unlisten().catch(() => undefined);
    };
  };
}

/** Reconnection waits: doubling from the first to the last. */
const RETRY_FIRST_MS = 250;
const RETRY_LAST_MS = 5_000;
/** A listening connection is asked `SELECT 1` this often; one that does not answer is replaced. */
const HEARTBEAT_MS = 5_000;
const QUERY_TIMEOUT_MS = 4_000;

/**
 * PostgreSQL: one connection of its own per subscription (a pooled connection would be handed
 * to other queries, and `LISTEN` belongs to the session). A connection that fails, ends, or stops
 * answering the heartbeat is replaced, with `state(false)` at once and `state(true)` once the new
 * one listens. Behind a pooler in transaction mode (PgBouncer) `LISTEN` does not work: point
 * DATABASE_URL at PostgreSQL or at a session-mode pool.
 */
export function postgresListen(url: string): Listen {
  return async (channel, handlers) => {
    checkChannel(channel);
    let current: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    let delay = RETRY_FIRST_MS;
    const dead = new WeakSet<pg.Client>();

    const schedule = () => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, RETRY_LAST_MS);
    };

    const drop = (client: pg.Client) => {
      if (dead.has(client)) return;
      dead.add(client);
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (current === client) {
        current = undefined;
        handlers.state(false);
      }
      schedule();
    };

    const connect = async () => {
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        connectionTimeoutMillis: QUERY_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
        application_name: `listen ${channel}`,
      });
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
      });
      client.on('error', () => drop(client));
      client.on('end', () => drop(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch {
        drop(client);
        return;
      }
      if (closed || dead.has(client)) {
        drop(client);
        return;
      }
      current = client;
      delay = RETRY_FIRST_MS;
      handlers.state(true);
    };

    const heartbeat = setInterval(() => {
      const client = current;
      if (client) void client.query('SELECT 1').catch(() => drop(client));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    await connect();
    return async () => {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      if (client) {
        dead.add(client);
        await client.end().catch(() => undefined);
      }
    };
  };
}
