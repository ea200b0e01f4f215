import { existsSync, readFileSync } from 'node:fs';

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) this module reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(file: string): BuildManifest | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/**
 * The scripts a page's own module needs, named in its index.html for the entry (boot.ts) to
 * preload beside the app, instead of after the app has asked for them (one round trip less before
 * the page runs). The entry, the app and what they import are left out. Which module serves a
 * path is the web app's own route table's answer (`moduleOf`, entry-server.tsx#pageModuleOf), by
 * the manifest's name for it; a module the build does not have only loses its preload.
 */
export function createRoutePreloads(
  manifest: BuildManifest | null,
  moduleOf: (pathName: string) => string | null,
): (pathName: string) => string[] {
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
  const preloadsOf = (key: string): string[] => {
    let files = byModule.get(key);
    if (!files) {
      const needed = new Set<string>();
      collect(key, needed);
      files = [...needed].filter((k) => !alreadyLoaded.has(k)).map((k) => `/${manifest[k]!.file}`);
      byModule.set(key, files);
    }
    return files;
  };
  return (pathName) => {
    const key = moduleOf(pathName);
    return key ? preloadsOf(key) : [];
  };
}
