// Worker thread for ParallelGenerator (src/node.ts): draws one design from an analysis made on
// the main thread. Runs the TypeScript source through tsx, as the CLI does.
import { register } from 'tsx/esm/api';

register();
const { parentPort } = await import('node:worker_threads');
const { generateVariant } = await import('../src/index.ts');

parentPort.on('message', (msg) => {
  try {
    const design = generateVariant(msg.input, msg.variant, msg.analysis);
    parentPort.postMessage({ id: msg.id, design }, [design.png.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
