import { describe, expect, it } from 'vitest';
import { taskNamesDiffer } from './engine.js';
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
