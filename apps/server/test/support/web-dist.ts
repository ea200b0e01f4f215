import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built web app as the server finds it (WEB_DIST_DIR), in a temporary folder: its index.html
 * and a server-render entry (`.ssr/entry-server.js`, the module web/server-render.ts loads).
 */
export function fakeWebDist(prefix: string, indexHtml: string, entryServerJs: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, '.ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, '.ssr/entry-server.js'), entryServerJs);
  return dir;
}
