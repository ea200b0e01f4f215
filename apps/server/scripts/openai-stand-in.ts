/**
 * The OpenAI API stand-in (test/support/openai-stand-in.ts) as a process, for browser tests and
 * for trying the AI provider by hand: `node --import tsx scripts/openai-stand-in.ts` on
 * OPENAI_STAND_IN_PORT (default 3399), key OPENAI_API_KEY (default sk-test-stand-in). Point the
 * server at it with OPENAI_BASE_URL=http://127.0.0.1:3399/v1.
 */
import { startOpenAiStandIn } from '../test/support/openai-stand-in.js';

const standIn = await startOpenAiStandIn({
  port: Number(process.env.OPENAI_STAND_IN_PORT ?? 3399),
  apiKey: process.env.OPENAI_API_KEY ?? 'sk-test-stand-in',
});
console.log(`OpenAI stand-in listening on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
