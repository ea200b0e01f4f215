import type { Client } from './dev-sign-in.js';

/** POST with a JSON body as the browser sends it. */
export const post = <T>(client: Client, path: string, body: unknown = {}) =>
  client.json<T>(path, { method: 'POST', body: JSON.stringify(body) });

/** Reads until `done` holds (every 300 ms), or fails with the last value read after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not done: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
