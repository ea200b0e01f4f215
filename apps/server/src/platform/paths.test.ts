import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, fromRepoRoot, repoRoot } from './paths.js';

/** The data directory a process started in `cwd` with DATA_DIR=`dataDir` would use. */
function dataDirFrom(cwd: string, dataDir: string): string {
  const config = path.join(repoRoot, 'apps/server/src/platform/config.ts');
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { loadConfig } = await import(${JSON.stringify(config)});
       console.log(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)}, AUTH_SECRET: 'x'.repeat(32) }).dataDir);`,
    ],
    { cwd, encoding: 'utf8' },
  ).trim();
}

describe('paths of settings', () => {
  it('finds the root that declares the workspaces, from anywhere below it', () => {
    expect(findRepoRoot(path.join(repoRoot, 'apps/server/src/platform'))).toBe(repoRoot);
    const fake = mkdtempSync(path.join(tmpdir(), 'camo-root-'));
    mkdirSync(path.join(fake, 'apps/server/.build/abc'), { recursive: true });
    writeFileSync(path.join(fake, 'package.json'), JSON.stringify({ workspaces: ['apps/*'] }));
    writeFileSync(path.join(fake, 'apps/server/package.json'), JSON.stringify({ name: '@camo/server' }));
    expect(findRepoRoot(path.join(fake, 'apps/server/.build/abc'))).toBe(fake);
  });

  it('resolves a relative DATA_DIR against the repository root, from the root and from apps/server', () => {
    const expected = path.join(repoRoot, 'data-relative-test');
    expect(dataDirFrom(repoRoot, './data-relative-test')).toBe(expected);
    expect(dataDirFrom(path.join(repoRoot, 'apps/server'), './data-relative-test')).toBe(expected);
    expect(dataDirFrom(path.join(repoRoot, 'apps/server'), 'data-relative-test')).toBe(expected);
    // An absolute one is kept as it is.
    expect(dataDirFrom(path.join(repoRoot, 'apps/server'), '/srv/camo')).toBe('/srv/camo');
    expect(fromRepoRoot('/srv/camo')).toBe('/srv/camo');
  }, 30_000);
});
