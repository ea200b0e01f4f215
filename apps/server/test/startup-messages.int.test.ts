import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicConfigSchema } from '@camo/shared/api.schema';
import { adminWarningMessages, queueSchema } from '@camo/shared/moderation.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './support/dev-sign-in.js';
import { startServerProcess, waitFor } from './support/server-process.js';
import { freePort, startTestServer } from './support/test-server.js';

/** Issue 30, item 9: what the start-up says about the database and the sign-in, and /api/config. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'camo-startup-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm run worker`'s entry (src/worker.ts) with its output collected. */
function startWorkerProcess(env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: dataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

/** A stack trace's frames ("    at main (file:...)"), which a configuration message must not show. */
const STACK_FRAME = /^\s+at .+[(:]/m;

/** The test PostgreSQL's URL with another database name (one that does not exist). */
function missingDatabaseUrl(): string | undefined {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const url = new URL(admin);
  url.pathname = '/camo_no_such_database';
  return url.href;
}

describe('an unreachable, missing or malformed DATABASE_URL at start', () => {
  it('names DATABASE_URL and where it tried (never the password), without a stack trace, and exits 1', async () => {
    const server = startServerProcess(dataDir(), await freePort(), {
      DATABASE_URL: 'postgres://postgres:hunter2-secret@127.0.0.1:1/none',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain('127.0.0.1:1/none');
    expect(output).toContain('refused');
    expect(output).not.toContain('hunter2-secret');
    expect(output).not.toMatch(STACK_FRAME);
    expect(output).not.toContain('Start-up failed');
  });

  it('says the same from a worker process', async () => {
    const worker = startWorkerProcess({
      DATABASE_URL: 'postgres://postgres:hunter2-secret@127.0.0.1:1/none',
    });
    expect(await worker.exited).toBe(1);
    const output = worker.output();
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain('127.0.0.1:1/none');
    expect(output).not.toContain('hunter2-secret');
    expect(output).not.toMatch(STACK_FRAME);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('names a database that does not exist', async () => {
    const url = missingDatabaseUrl()!;
    const server = startServerProcess(dataDir(), await freePort(), { DATABASE_URL: url });
    expect(await server.exited).toBe(1);
    const output = server.output();
    const { hostname, port } = new URL(url);
    expect(output).toContain('DATABASE_URL');
    expect(output).toContain(`${hostname}:${port || '5432'}/camo_no_such_database`);
    expect(output).toContain('does not exist');
    expect(output).not.toMatch(STACK_FRAME);
  });

  it('refuses a malformed URL by name before trying it', async () => {
    for (const bad of ['postgres://127.0.0.1:99999/camo', 'mysql://127.0.0.1/camo', 'not a url']) {
      const server = startServerProcess(dataDir(), await freePort(), { DATABASE_URL: bad });
      expect(await server.exited, bad).toBe(1);
      const output = server.output();
      expect(output, bad).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(output, bad).not.toMatch(STACK_FRAME);
    }
  });
});

describe('the development sign-in with ADMIN_EMAILS', () => {
  it('prints a warning at start, in the words the admin page shows', async () => {
    const server = startServerProcess(dataDir(), await freePort(), {
      ADMIN_EMAILS: 'mod@example.com',
      WEB_DIST_DIR: path.join(dataDir(), 'no-web'),
    });
    try {
      await waitFor(
        () => server.output().includes('is ready: open') || server.child.exitCode !== null,
        90_000,
      );
      expect(server.output()).toContain('is ready: open');
      const warning = server
        .output()
        .split('\n')
        .find((line) => line.includes(adminWarningMessages.devSignInWithAdmins));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({ level: 40, warning: 'devSignInWithAdmins' });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('shows it to moderators with the report queue (config.test.ts: only with both)', async () => {
    const server = await startTestServer('pglite', { ADMIN_EMAILS: 'mod@example.com' });
    try {
      const moderator = await signIn(server.origin, { name: 'Morgan Mod', email: 'mod@example.com' });
      const queue = await moderator.json('/api/admin/reports');
      expect(queue.status).toBe(200);
      expect(queueSchema.parse(queue.body).warnings).toEqual(['devSignInWithAdmins']);
    } finally {
      await server.close();
    }
  });
});

describe('/api/config', () => {
  const providerWith = async (env: Record<string, string>) => {
    const server = await startTestServer('pglite', env);
    try {
      const response = await fetch(`${server.origin}/api/config`);
      const config = publicConfigSchema.parse(await response.json());
      return { signInProvider: config.signInProvider, devSignIn: config.devSignIn };
    } finally {
      await server.close();
    }
  };

  it('names the sign-in that is actually on', async () => {
    expect(await providerWith({})).toEqual({ signInProvider: 'dev-oidc', devSignIn: true });
    expect(await providerWith({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toEqual({
      signInProvider: 'google',
      devSignIn: false,
    });
    // Neither Google nor the development sign-in (off, or not on a loopback address): nothing.
    expect(await providerWith({ DEV_SIGN_IN: 'false' })).toEqual({ signInProvider: null, devSignIn: false });
    expect(await providerWith({ HOST: '0.0.0.0' })).toEqual({ signInProvider: null, devSignIn: false });
  });
});
