import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process.js';
import { freePort } from './support/test-server.js';

/**
 * Issue 30, item 2: image-service settings whose attempts cannot fit a design's deadline stop the
 * start with a message naming them, before anything is opened.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-ai-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the image service’s time settings at start', () => {
  it('refuses attempts that cannot fit GENERATION_DEADLINE_MS, naming the three settings, and exits 1', async () => {
    const server = startServerProcess(dataDir, await freePort(), {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_TIMEOUT_MS: '600000',
      OPENAI_MAX_RETRIES: '6',
      GENERATION_DEADLINE_MS: '420000',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES and GENERATION_DEADLINE_MS');
    expect(output).toContain('more than GENERATION_DEADLINE_MS=420000');
    expect(output).not.toMatch(/^\s+at .+[(:]/m);
  }, 60_000);
});
