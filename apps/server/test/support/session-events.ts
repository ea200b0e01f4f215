import type { SessionEvent, SessionEvents } from '../../src/platform/auth/session-events.js';

/** Session notifications as a unit test drives them: `live` and what arrives are the test's to say. */
export function testSessionEvents(): SessionEvents & { live: boolean } {
  const listeners = new Set<(event: SessionEvent) => void>();
  return {
    live: true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    close: async () => undefined,
  };
}
