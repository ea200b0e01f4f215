import { mkdtempSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDirectory } from './data-dir.js';

describe('secureDataDirectory', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'camo-data-dir-'));
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('leaves the directory and its secret to the owner, however they were created', () => {
    const dir = path.join(root, 'data');
    secureDataDirectory(dir);
    expect(mode(dir)).toBe(0o700);
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'auth-secret'), 'x'.repeat(43), { mode: 0o644 });
    chmodSync(path.join(dir, 'auth-secret'), 0o644);
    secureDataDirectory(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'auth-secret'))).toBe(0o600);
  });
});
