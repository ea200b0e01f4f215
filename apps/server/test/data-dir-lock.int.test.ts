import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/test-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(
  dataDir: string,
  port: number,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitFor(predicate: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the embedded database directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-lock-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('belongs to one process: a second one refuses to start with a clear message', async () => {
    const first = startServer(dataDir, await freePort());
    children.push(first.child);
    await waitFor(() => first.output().includes('serving'), 60_000);

    const second = startServer(dataDir, await freePort());
    children.push(second.child);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('Another process is already using the embedded database');
    expect(second.output()).toContain('DATABASE_URL');

    // The first one is unharmed and shuts down gracefully on SIGTERM.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Once it stopped, the directory can be opened again at once.
    const third = startServer(dataDir, await freePort());
    children.push(third.child);
    await waitFor(() => third.output().includes('serving'), 60_000);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
