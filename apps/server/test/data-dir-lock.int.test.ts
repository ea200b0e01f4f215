import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitFor } from './support/server-process.js';
import { freePort } from './support/test-server.js';

const startServer = (dataDir: string, port: number) => startServerProcess(dataDir, port);

describe('the embedded database directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-lock-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Several real server processes start one after another: on a loaded two-core machine each takes
  // 10-20 s, so this test gets more than the default 60 s (its own waits keep their bounds).
  it('belongs to one process, even while the first is still creating it', async () => {
    // Made loose on purpose: the server leaves the directory and its secret to their owner.
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'auth-secret'), randomBytes(32).toString('base64url'), { mode: 0o644 });
    const first = startServer(dataDir, await freePort());
    children.push(first.child);
    // A new directory: once the first process holds the lock it spends seconds creating the
    // database with its event loop blocked; a second process must still be refused.
    await waitFor(() => existsSync(path.join(dataDir, 'db.owner.json')), 60_000);
    const second = startServer(dataDir, await freePort());
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another process is already using the embedded database');
    expect(second.output()).toContain('DATABASE_URL');

    // The first one is unharmed, serves, and a later second attempt is refused too.
    await waitFor(() => first.output().includes('is ready: open'), 60_000);
    expect(first.output()).not.toContain('Lost the lock');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    const third = startServer(dataDir, await freePort());
    children.push(third.child);
    expect(await third.exited).toBe(1);

    // Graceful shutdown on SIGTERM releases the directory.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const fourth = startServer(dataDir, await freePort());
    children.push(fourth.child);
    await waitFor(() => fourth.output().includes('is ready: open'), 60_000);

    // A crash leaves the lock behind; a restart sees its owner is gone and starts at once,
    // well within the 60 s after which the lock would count as stale.
    fourth.child.kill('SIGKILL');
    await fourth.exited;
    const started = Date.now();
    const fifth = startServer(dataDir, await freePort());
    children.push(fifth.child);
    await waitFor(() => fifth.output().includes('is ready: open'), 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    fifth.child.kill('SIGTERM');
    expect(await fifth.exited).toBe(0);
  }, 180_000);
});
