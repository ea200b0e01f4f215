import { describe, expect, it } from 'vitest';
import * as tasks from './engine.worker.js';

describe('the engine worker entry', () => {
  it('re-exports every task of engine.worker.ts (piscina finds a task by its export name)', async () => {
    // @ts-expect-error: a plain module without types
    const entry = (await import('./engine-worker-entry.mjs')) as Record<string, unknown>;
    const names = (module: Record<string, unknown>) =>
      Object.keys(module).filter((name) => name.endsWith('Task') && typeof module[name] === 'function');
    expect(names(entry).sort()).toEqual(names(tasks).sort());
  });
});
