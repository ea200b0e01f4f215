import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds the repository's root package.json (the one that declares the
 * workspaces), found by walking up from `start`. Every command of the README runs in a different
 * folder (`npm run worker` in apps/server, `npm start` at the root), and the server runs both from
 * its sources and from the start-up bundle (scripts/server-bundle.mjs), so paths are anchored here
 * rather than at the working directory or at a module's own location.
 */
export function findRepoRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object))
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no workspace root above ${start}`);
  }
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A setting's path: absolute as given, or relative to the repository's root (not the cwd). */
export function fromRepoRoot(setting: string): string {
  return path.resolve(repoRoot, setting);
}

export const serverPaths = {
  /** Committed SQL migrations. */
  migrations: fromRepoRoot('apps/server/drizzle'),
  /** Trophy Club images of the seeded winners. */
  seedImages: fromRepoRoot('apps/server/seed'),
  /** The built web app (WEB_DIST_DIR overrides it). */
  webDist: fromRepoRoot('apps/web/dist'),
};
