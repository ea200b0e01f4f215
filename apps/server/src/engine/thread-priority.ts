import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * How far below the event loop the engine's threads run: Linux's "nice" 10, a tenth of the
 * event loop's share of a core when both want it (the scheduler's weights, 110 against 1024).
 */
export const ENGINE_THREAD_NICE = 10;

/**
 * Lowers the calling worker thread's scheduling priority, so the process's event loop (and the
 * embedded database on it) is served first when the cores are busy. Linux only: there
 * setpriority() with no pid names the calling thread, while macOS and Windows would lower the
 * whole process, event loop and all. Never on the main thread. Lowering one's own priority needs
 * no privilege; a refusal (a sandbox without the call) leaves the thread as it was.
 */
export function lowerThreadPriority(nice: number = ENGINE_THREAD_NICE, platform = process.platform): boolean {
  if (isMainThread || platform !== 'linux') return false;
  try {
    setPriority(nice);
    return true;
  } catch {
    return false;
  }
}
