import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './support/chromium.js';

/**
 * Browser tests drive the real server (embedded database in a fresh directory, development
 * sign-in) and the built web app, in Debian's Chromium: Playwright's own browser download
 * does not work on our machines.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `camo-e2e-${port}-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
// A second server with the e-mail link switched on (it is off by default); its mail lands in
// DATA_DIR/outbox, which the e-mail link tests read.
const linkPort = port + 1;
const linkDataDir = process.env.E2E_LINK_DATA_DIR ?? `${dataDir}-link`;
process.env.E2E_LINK_DATA_DIR = linkDataDir;
process.env.E2E_LINK_ORIGIN = `http://localhost:${linkPort}`;
// A third server of its own for hide and seek, where the only designs are the test's: the game
// serves the designs with the fewest rounds, which on the shared server could be anybody's.
const huntPort = port + 2;
const huntDataDir = process.env.E2E_HUNT_DATA_DIR ?? `${dataDir}-hunt`;
process.env.E2E_HUNT_DATA_DIR = huntDataDir;
process.env.E2E_HUNT_ORIGIN = `http://localhost:${huntPort}`;
// A fourth server whose designs come from an OpenAI-compatible image service: the stand-in
// (apps/server/test/support/openai-stand-in.ts) on port + 4. The create flow's tests run against
// it unchanged (project "ai"), and ai-provider.spec.ts makes the service fail or refuse.
const aiPort = port + 3;
const standInPort = port + 4;
const aiDataDir = process.env.E2E_AI_DATA_DIR ?? `${dataDir}-ai`;
process.env.E2E_AI_DATA_DIR = aiDataDir;
// A sixth for breeding grounds (breeding.spec.ts): a ground's rounds are mixed into everybody's
// game, which on the hunt server would change what its tests are served. Small generations, so two
// players turn one over.
const breedPort = port + 5;
const breedDataDir = process.env.E2E_BREED_DATA_DIR ?? `${dataDir}-breed`;
process.env.E2E_BREED_DATA_DIR = breedDataDir;
process.env.E2E_BREED_ORIGIN = `http://localhost:${breedPort}`;

/**
 * A server of its own for the game (hide and seek, breeding grounds): each round's target written
 * to DATA_DIR/hunt-answers for the tests to tap (decision 024).
 */
function gameServer(serverPort: number, serverDataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: path.join(import.meta.dirname, '..'),
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort),
      DATA_DIR: serverDataDir,
      NODE_ENV: 'development',
      HUNT_ANSWERS: 'true',
      // Test accounts are minutes old: with the default rule (a day) none of their rounds would
      // count (decision 026). steering.int.test.ts tests the rule on the database.
      CONTEST_MIN_ACCOUNT_AGE_HOURS: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      PAGE_RATE_LIMIT_PER_MINUTE: '100000',
      GENERATION_DAILY_QUOTA: '1000',
      ...env,
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: path.join(import.meta.dirname, '..', 'test-results', 'playwright'),
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  projects: [
    // Readings of the global member counter, alone, before anything else signs up.
    { name: 'counter', testMatch: /member-count\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'desktop',
      testIgnore: /(member-count|ai-provider|trusted-figures|breeding)\.spec\.ts/,
      dependencies: ['counter'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'phone',
      testIgnore: /(member-count|ai-provider|trusted-figures|breeding)\.spec\.ts/,
      dependencies: ['counter'],
      use: { ...devices['Pixel 7'] },
      grep: /@phone/,
    },
    {
      // Breeding grounds, once the desktop tests are done: drawing generations takes the engine, and
      // beside hide and seek's tests it slowed their blend previews past what they wait.
      name: 'breeding',
      testMatch: /breeding\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'ai',
      testMatch: /(create-design|ai-provider|trusted-figures)\.spec\.ts/,
      dependencies: ['counter'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${aiPort}` },
    },
    {
      // Designs whose answer is known, on a phone (trusted-figures.spec.ts).
      name: 'ai-phone',
      testMatch: /trusted-figures\.spec\.ts/,
      dependencies: ['counter'],
      use: { ...devices['Pixel 7'], baseURL: `http://localhost:${aiPort}` },
    },
  ],
  webServer: [
    {
      // Last month's contest, left unclosed, is prepared first; the server closes it at start.
      command: 'node --import tsx e2e/scripts/contest-history.ts && node scripts/start.mjs',
      cwd: path.join(import.meta.dirname, '..'),
      url: `${origin}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Every test signs in from 127.0.0.1; the per-IP sign-in limit is for real clients.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        PAGE_RATE_LIMIT_PER_MINUTE: '100000',
        // Description markers make one generation fail on purpose (create-design.spec.ts).
        FAULT_INJECTION: 'true',
        GENERATION_DAILY_QUOTA: '1000',
        // Test accounts are minutes old: with the default rule (a day) none of their votes would
        // count in the contest. contest.int.test.ts tests the rule on the database.
        CONTEST_MIN_ACCOUNT_AGE_HOURS: '0',
        // moderation.spec.ts signs in with this address to moderate.
        ADMIN_EMAILS: 'moderator@example.com',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Started after the first one, which has built the web app by then.
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: path.join(import.meta.dirname, '..'),
      url: `http://localhost:${linkPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(linkPort),
        DATA_DIR: linkDataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Every test signs in from 127.0.0.1; the per-IP sign-in limit is for real clients.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        PAGE_RATE_LIMIT_PER_MINUTE: '100000',
        EMAIL_LINK_ENABLED: 'true',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    gameServer(huntPort, huntDataDir),
    // Small generations, so two players turn one over.
    gameServer(breedPort, breedDataDir, { BREEDING_POPULATION: '3', BREEDING_JUDGES: '2' }),
    {
      command: 'node --import tsx apps/server/scripts/openai-stand-in.ts',
      cwd: path.join(import.meta.dirname, '..'),
      port: standInPort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OPENAI_STAND_IN_PORT: String(standInPort), OPENAI_API_KEY: 'sk-test-stand-in' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: path.join(import.meta.dirname, '..'),
      url: `http://localhost:${aiPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(aiPort),
        DATA_DIR: aiDataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        PAGE_RATE_LIMIT_PER_MINUTE: '100000',
        FAULT_INJECTION: 'true',
        GENERATION_DAILY_QUOTA: '1000',
        OPENAI_API_KEY: 'sk-test-stand-in',
        OPENAI_BASE_URL: `http://127.0.0.1:${standInPort}/v1`,
        OPENAI_MAX_RETRIES: '1',
        OPENAI_TIMEOUT_MS: '20000',
        // An image service's edit takes long: the edit box follows its job (202) here every time.
        EDIT_WAIT_MS: '0',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
