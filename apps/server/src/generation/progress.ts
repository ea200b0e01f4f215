import { EventEmitter } from 'node:events';

/**
 * Tells open progress streams in this process that a generation changed, so they answer at once.
 * Streams also re-read the record every second, which is what carries changes made by a worker
 * in another process (PostgreSQL deployments).
 */
export function createProgressBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(photoId: string): void {
      emitter.emit(photoId);
    },
    subscribe(photoId: string, listener: () => void): () => void {
      emitter.on(photoId, listener);
      return () => emitter.off(photoId, listener);
    },
  };
}
export type ProgressBus = ReturnType<typeof createProgressBus>;
