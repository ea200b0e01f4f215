// `npm test`: every check the project has, in one command. Steps run in order and all run
// even when one fails, so one run shows everything; the last line is "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

check('format (prettier)', 'npx', ['prettier', '--check', '.']);
check('type-check (tsc)', 'npm', ['run', '--silent', 'typecheck']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);

// Unit and integration tests: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
const vitestJson = path.join(results, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTests > 0) failures.push(`vitest: ${vitest.numFailedTests} failed`);
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) {
  failed += 1;
  failures.push('vitest run failed outside any test');
}

// Browser tests against the real server and the built web app.
const buildOk = run('build the web app', 'npm', ['run', 'build', '-w', 'apps/web']);
if (!buildOk) {
  failed += 1;
  failures.push('web build');
} else {
  const playwrightJson = path.join(results, 'playwright.json');
  const e2eOk = run(
    'browser tests (playwright)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  );
  const e2e = readJson(playwrightJson);
  if (e2e?.stats) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected + e2e.stats.flaky;
    if (e2e.stats.unexpected + e2e.stats.flaky > 0)
      failures.push(`playwright: ${e2e.stats.unexpected + e2e.stats.flaky} failed`);
  }
  if (!e2eOk && !(e2e?.stats?.unexpected > 0)) {
    failed += 1;
    failures.push('playwright run failed outside any test');
  }
}

console.log('');
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
