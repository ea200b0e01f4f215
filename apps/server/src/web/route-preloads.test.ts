import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRoutePreloads, readBuildManifest, type BuildManifest } from './route-preloads.js';
import { entryServerPath, loadServerRender } from './server-render.js';

/** Shaped like the manifest Vite writes for the web app. */
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  // The app, which the entry imports once the page is drawn.
  'src/main.tsx': { file: 'assets/main-M.js', imports: ['_framework-F.js'] },
  '_framework-F.js': { file: 'assets/framework-F.js' },
  '_title-T.js': { file: 'assets/title-T.js', imports: ['index.html'] },
  '_legal-L.js': { file: 'assets/legal-L.js', imports: ['index.html', '_title-T.js'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-H.js',
    imports: ['index.html', '_react-R.js', '_framework-F.js', '_title-T.js'],
  },
  'src/app/routes/terms.tsx': { file: 'assets/terms-X.js', imports: ['index.html', '_legal-L.js'] },
  'src/app/routes/design-detail.tsx': { file: 'assets/design-detail-D.js', imports: ['index.html'] },
  'src/app/routes/designer.tsx': { file: 'assets/designer-U.js', imports: ['index.html'] },
};

/** The web app's answer (entry-server.tsx#pageModuleOf), for the paths used below. */
const moduleOf = (pathName: string): string | null =>
  ({
    '/': 'src/app/routes/home.tsx',
    '/terms': 'src/app/routes/terms.tsx',
    '/privacy': 'src/app/routes/privacy.tsx',
    '/gallery/user/u1': 'src/app/routes/designer.tsx',
    '/gallery/0b9f1c52-6a3e-4d7f-9a51-6f2a8c1d2e3f': 'src/app/routes/design-detail.tsx',
  })[pathName] ?? null;

describe('createRoutePreloads', () => {
  const preloads = createRoutePreloads(manifest, moduleOf);

  it("lists a page's chunk and what it imports, without the entry, the app and what they import", () => {
    expect(preloads('/')).toEqual(['/assets/home-H.js', '/assets/title-T.js']);
    expect(preloads('/terms')).toEqual(['/assets/terms-X.js', '/assets/legal-L.js', '/assets/title-T.js']);
  });

  it('tells a designer page from a design page', () => {
    expect(preloads('/gallery/0b9f1c52-6a3e-4d7f-9a51-6f2a8c1d2e3f')).toEqual(['/assets/design-detail-D.js']);
    expect(preloads('/gallery/user/u1')).toEqual(['/assets/designer-U.js']);
  });

  it('preloads nothing for an unknown path, a module the build lacks, or no manifest', () => {
    expect(preloads('/no-such-page')).toEqual([]);
    expect(preloads('/privacy')).toEqual([]);
    expect(createRoutePreloads(null, moduleOf)('/')).toEqual([]);
  });
});

describe("the web app's build", () => {
  const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
  const manifestFile = path.join(webDist, '.vite/manifest.json');

  // `npm test` builds the web app before the suite (scripts/test.mjs).
  it.runIf(existsSync(entryServerPath(webDist)))(
    "preloads every page's own chunk, by the app's own route table",
    async () => {
      const render = await loadServerRender(webDist);
      const manifest = readBuildManifest(manifestFile)!;
      const preloads = createRoutePreloads(manifest, (pathName) => render!.pageModuleOf(pathName));
      const pages: Record<string, string> = {
        '/': 'home',
        '/design': 'design-studio',
        '/create-design': 'create-design',
        '/gallery': 'gallery',
        '/gallery/0b9f1c52-6a3e-4d7f-9a51-6f2a8c1d2e3f': 'design-detail',
        '/gallery/user/u1': 'designer',
        '/hunt': 'hunt',
        '/profile': 'profile',
        '/contest': 'contest',
        '/no-such-page': 'not-found',
      };
      // The texture behind a hero or header is preloaded where it is painted, and only there.
      expect(render!.pageImagesOf('/')).toEqual(['/textures/camo.svg']);
      expect(render!.pageImagesOf('/design')).toEqual(['/textures/camo.svg']);
      expect(render!.pageImagesOf('/gallery')).toEqual([]);
      for (const [pathName, module] of Object.entries(pages)) {
        const own = manifest[`src/app/routes/${module}.tsx`]?.file;
        expect(own, module).toBeDefined();
        expect(preloads(pathName)[0], pathName).toBe(`/${own}`);
      }
    },
  );
});
