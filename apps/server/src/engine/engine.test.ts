import { describe, expect, it } from 'vitest';
import { createEngine, taskNamesDiffer } from './engine.js';
import { engineTasks } from './engine.worker.js';

describe("the engine's task names, checked at start", () => {
  it("agree with the worker's own task map", () => {
    expect(taskNamesDiffer(Object.keys(engineTasks))).toBeNull();
  });

  it('name what a thread lacks and what it knows that this side does not', () => {
    const known = Object.keys(engineTasks).filter((name) => name !== 'predict');
    expect(taskNamesDiffer([...known, 'paint'])).toBe(
      "the engine's threads and the server disagree on its tasks (missing there: predict; unknown here: paint)",
    );
  });
});

describe('an engine closed as it starts', () => {
  it('has not failed to start: ready settles without an error, and a task after it is refused', async () => {
    const engine = createEngine({ threads: 1 });
    await engine.close();
    await expect(engine.ready).resolves.toBeUndefined();
    await expect(engine.predict({} as never)).rejects.toThrow();
  });

  it('starts, and knows its tasks, when left to start', async () => {
    const engine = createEngine({ threads: 1 });
    try {
      await expect(engine.ready).resolves.toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});
