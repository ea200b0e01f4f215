// Worker thread for ParallelGenerator (src/node.ts): draws one design from an analysis made on
// the main thread, or computes some layer fields of one, with the engine's bundle (see bundle.mjs).
import { parentPort } from 'node:worker_threads';
import { bundled } from './bundle.mjs';

const { generateVariant, layerGrids, DESIGN_SIZE } = await import(await bundled('engine'));

parentPort.on('message', (msg) => {
  try {
    if (msg.grids) {
      // Part of design A's first layer fields (ParallelGenerator.generate).
      const grids = layerGrids(msg.recipe, DESIGN_SIZE, msg.grids);
      const buffers = grids.filter((g) => g.length > 0).map((g) => g.buffer);
      parentPort.postMessage({ id: msg.id, grids }, buffers);
      return;
    }
    const design = generateVariant(msg.input, msg.variant, msg.analysis);
    parentPort.postMessage({ id: msg.id, design }, [design.png.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
