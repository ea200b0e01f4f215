import { existsSync, readFileSync } from 'node:fs';

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) this module reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Which page module of the web app serves a path: the same table as apps/web/src/app/router.tsx.
 * A path missing here, or a module the build no longer has, only loses its preload.
 */
const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'home'],
  [/^\/login\/?$/, 'login'],
  [/^\/signup\/?$/, 'signup'],
  [/^\/terms\/?$/, 'terms'],
  [/^\/privacy\/?$/, 'privacy'],
  [/^\/contest\/?$/, 'contest'],
  [/^\/profile\/?$/, 'profile'],
  [/^\/design\/?$/, 'design'],
  [/^\/create-design\/?$/, 'create-design'],
  [/^\/gallery\/?$/, 'gallery'],
  [/^\/hunt\/?$/, 'hunt'],
  [/^\/hunt\/insights\/?$/, 'hunt-insights'],
  [/^\/admin\/?$/, 'admin'],
  [/^\/gallery\/user\/[^/]+\/?$/, 'designer'],
  [/^\/gallery\/[^/]+\/?$/, 'design-detail'],
];

export function readBuildManifest(file: string): BuildManifest | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/**
 * The scripts a page's own module needs, named in its index.html for the entry (boot.ts) to
 * preload beside the app, instead of after the app has asked for them (one round trip less before
 * the page runs). The entry, the app and what they import are left out.
 */
export function createRoutePreloads(manifest: BuildManifest | null): (pathName: string) => string[] {
  if (!manifest) return () => [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const alreadyLoaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  if (entryKey) collect(entryKey, alreadyLoaded);
  // The app itself, which the entry (boot.ts) imports once the page is drawn, with what it needs.
  collect('src/main.tsx', alreadyLoaded);

  const byModule = new Map<string, string[]>();
  for (const [, name] of ROUTE_MODULES) {
    const key = `src/app/routes/${name}.tsx`;
    const needed = new Set<string>();
    collect(key, needed);
    byModule.set(
      name,
      [...needed].filter((k) => !alreadyLoaded.has(k)).map((k) => `/${manifest[k]!.file}`),
    );
  }
  return (pathName) => {
    const route = ROUTE_MODULES.find(([pattern]) => pattern.test(pathName));
    return route ? (byModule.get(route[1]) ?? []) : [];
  };
}
