import { describe, expect, it } from 'vitest';
import runEngineTask, { engineTasks } from './engine.worker.js';

describe('the engine worker entry', () => {
  it("hands piscina the task file's one handler (a task by name, and the names it knows)", async () => {
    // @ts-expect-error: a plain module without types
    const entry = (await import('./engine-worker-entry.mjs')) as { default: typeof runEngineTask };
    expect(entry.default({ task: null })).toEqual(Object.keys(engineTasks));
  });

  it('refuses a name that is not one of its tasks', () => {
    // @ts-expect-error: not a task name
    expect(() => runEngineTask({ task: 'toString', input: null })).toThrow('no engine task named toString');
  });
});
