// Worker thread for ParallelGenerator (src/node.ts): draws one design from an analysis made on
// the main thread, with the engine's bundle (see bundle.mjs).
import { parentPort } from 'node:worker_threads';
import { bundled } from './bundle.mjs';

const { generateVariant } = await import(await bundled('engine'));

parentPort.on('message', (msg) => {
  try {
    const design = generateVariant(msg.input, msg.variant, msg.analysis);
    parentPort.postMessage({ id: msg.id, design }, [design.png.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
