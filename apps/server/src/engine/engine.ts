import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EngineCall, EngineTaskName, engineTasks } from './engine.worker.js';

// From the sources, a plain module loads the TypeScript task file through tsx; in the start-up
// bundle (scripts/build-cache.mjs) the task file is an entry of its own beside this chunk.
const WORKER = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./engine-worker-entry.mjs', import.meta.url)
    : new URL('./engine-worker.js', import.meta.url),
);

type Tasks = typeof engineTasks;
/** A task's input and output, as its function in engine.worker.ts declares them. */
export type TaskInput<K extends EngineTaskName> = Parameters<Tasks[K]>[0];
export type TaskOutput<K extends EngineTaskName> = Awaited<ReturnType<Tasks[K]>>;

/**
 * The engine's tasks as the server calls them: each runs on one of the engine's threads, typed by
 * its own signature in engine.worker.ts. A domain asks for the tasks it uses
 * (`Pick<EngineTasks, 'predict'>`), so a test may hand it a plain object of functions.
 */
export type EngineTasks = { readonly [K in EngineTaskName]: (input: TaskInput<K>) => Promise<TaskOutput<K>> };

export type Engine = EngineTasks & {
  /** Settles once a thread has started and knows every task this side may ask for. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

/** The task names, for this side to build its calls from (the type below keeps them equal to the worker's). */
const TASK_NAMES = [
  'generate',
  'edit',
  'render',
  'flatTile',
  'measure',
  'blendPreview',
  'huntRound',
  'predict',
  'shapes',
  'view',
  'roundMeasures',
  'groundFeatures',
  'groundProfile',
  'groundScores',
  'groundView',
  'groundDesign',
  'breed',
] as const satisfies readonly EngineTaskName[];
const _everyTaskNamed: Exclude<EngineTaskName, (typeof TASK_NAMES)[number]> extends never ? true : false =
  true;
void _everyTaskNamed;

/**
 * The engine's threads unless told: one a core, at most four. They run below the event loop's
 * priority (thread-priority.ts, Linux), so the event loop (and PGlite, which runs on it) is served
 * first: on a 2-core machine designs A and B are drawn at once, where they took turns on the one
 * thread left beside the event loop. Elsewhere the threads cannot be lowered alone, and one core
 * stays with the event loop as before.
 */
export const defaultEngineThreads = (platform = process.platform): number =>
  Math.max(1, Math.min(4, availableParallelism() - (platform === 'linux' ? 0 : 1)));

/** The names a thread knows against this side's: what is missing there, and what is unknown here. */
export function taskNamesDiffer(known: readonly string[]): string | null {
  const missing = TASK_NAMES.filter((name) => !known.includes(name));
  const extra = known.filter((name) => !(TASK_NAMES as readonly string[]).includes(name));
  if (missing.length === 0 && extra.length === 0) return null;
  return `the engine's threads and the server disagree on its tasks (missing there: ${missing.join(', ') || 'none'}; unknown here: ${extra.join(', ') || 'none'})`;
}

/**
 * The built-in camouflage engine in piscina worker threads, so the event loop stays free. At start
 * one thread reports the tasks it knows; if they are not this side's, `ready` rejects and every
 * task is refused with the reason (as a job handled twice stops the job map at start).
 */
export function createEngine(options: { threads?: number } = {}): Engine {
  const threads = options.threads ?? defaultEngineThreads();
  const pool = new Piscina({
    filename: WORKER,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A 4096 px render holds 16 M palette indices plus buffers; generous, but bounded.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 },
  });
  const call = (message: EngineCall): Promise<unknown> => pool.run(message) as Promise<unknown>;
  let closing = false;
  const ready = call({ task: null }).then(
    (known) => {
      const differ = taskNamesDiffer(known as string[]);
      if (differ) throw new Error(differ);
    },
    (error: unknown) => {
      // Closed before its first thread answered (a server stopped as it starts): not a failed start.
      if (!closing) throw error;
    },
  );
  // A refused start is reported by whoever awaits `ready`; the tasks carry it too.
  ready.catch(() => undefined);

  const tasks = Object.fromEntries(
    TASK_NAMES.map((task) => [task, (input: unknown) => ready.then(() => call({ task, input }))]),
  ) as unknown as EngineTasks;
  let closed: Promise<void> | undefined;
  // Closed by whoever holds it last (the provider over it, then compose): once.
  return {
    ...tasks,
    ready,
    close: () => {
      closing = true;
      return (closed ??= pool.destroy());
    },
  };
}
