// The piscina worker's entry: worker threads do not inherit the tsx loader reliably, so this
// plain module loads the TypeScript task file through tsx's API and re-exports its tasks.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./engine.worker.ts', import.meta.url);

export const generateTask = tasks.generateTask;
export const editTask = tasks.editTask;
export const renderTask = tasks.renderTask;
export const flatTileTask = tasks.flatTileTask;
export const measureTask = tasks.measureTask;
export const predictTask = tasks.predictTask;
export const viewTask = tasks.viewTask;
export const roundMeasuresTask = tasks.roundMeasuresTask;
export const groundFeaturesTask = tasks.groundFeaturesTask;
export const groundProfileTask = tasks.groundProfileTask;
export const groundScoresTask = tasks.groundScoresTask;
export const groundViewTask = tasks.groundViewTask;
export const groundDesignTask = tasks.groundDesignTask;
export const blendPreviewTask = tasks.blendPreviewTask;
export const huntRoundTask = tasks.huntRoundTask;
