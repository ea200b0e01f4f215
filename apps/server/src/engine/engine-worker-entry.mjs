// The piscina worker's entry: worker threads do not inherit the tsx loader reliably, so this
// plain module loads the TypeScript task file through tsx's API and hands piscina its handler.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./engine.worker.ts', import.meta.url);

export default tasks.default;
