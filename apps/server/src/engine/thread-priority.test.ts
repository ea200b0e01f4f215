import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { defaultEngineThreads } from './engine.js';
import { ENGINE_THREAD_NICE, lowerThreadPriority } from './thread-priority.js';

/** A thread's nice value, field 19 of /proc/<task>/stat (the 17th after the command's name). */
const niceOf = (stat: string): number => Number(stat.split(') ')[1]!.split(' ')[16]);

describe('the engine threads yield to the event loop', () => {
  it.runIf(process.platform === 'linux')('lowers a worker thread, and only it, to nice 10', async () => {
    // The worker loads this module as the engine's threads do (through tsx) and reports its nice.
    const source = `
      const { parentPort } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      import('tsx/esm/api')
        .then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)}, __filename))
        .then(({ lowerThreadPriority }) => {
          const lowered = lowerThreadPriority();
          parentPort.postMessage({ lowered, stat: readFileSync('/proc/thread-self/stat', 'utf8') });
        });`;
    const worker = new Worker(source, { eval: true });
    const reply = await new Promise<{ lowered: boolean; stat: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply.lowered).toBe(true);
    expect(niceOf(reply.stat)).toBe(ENGINE_THREAD_NICE);
    // The test's own thread (the event loop's, here) is left as it was.
    expect(niceOf(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
  });

  it('never lowers the main thread, nor a whole process where the call would', () => {
    expect(lowerThreadPriority()).toBe(false); // this is the main thread
  });

  it('gives the engine a thread a core on Linux and leaves one core to the event loop elsewhere', () => {
    const cores = availableParallelism();
    expect(defaultEngineThreads('linux')).toBe(Math.max(1, Math.min(4, cores)));
    expect(defaultEngineThreads('darwin')).toBe(Math.max(1, Math.min(4, cores - 1)));
  });
});
