import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeHandle } from '@/lib/route-handle';
import { pageImagesOf, pageModuleOf } from '../entry-server';
import { routes } from './router';

/** The page modules there are, by their file beside this one (Vite's glob import). */
const pageFiles = import.meta.glob(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** Every route that draws a page (has a lazy module), however deep. */
function pages(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [...(route.lazy ? [route] : []), ...pages(route.children ?? [])]);
}

describe('the route table', () => {
  it('names the module file of every page, the file its loader loads', async () => {
    const all = pages(routes);
    expect(all.length).toBeGreaterThan(10);
    for (const route of all) {
      const { module, load } = routeHandle(route.handle);
      expect(module, `route ${route.path ?? '(index)'}`).toMatch(/^src\/app\/routes\/[a-z-]+\.tsx$/);
      const file = pageFiles[module!.replace('src/app/', './')];
      expect(file, module).toBeDefined();
      // The same module namespace object: the name and the loader cannot drift apart.
      expect(await load!()).toBe(await file!());
    }
  });

  it("gives the server each path's page module, the Design Studio's and the not-found page's included", () => {
    expect(pageModuleOf('/')).toBe('src/app/routes/home.tsx');
    expect(pageModuleOf('/design')).toBe('src/app/routes/design-studio.tsx');
    expect(pageModuleOf('/gallery/user/u1')).toBe('src/app/routes/designer.tsx');
    expect(pageModuleOf('/gallery/0b9f1c52')).toBe('src/app/routes/design-detail.tsx');
    expect(pageModuleOf('/breeding')).toBe('src/app/routes/breeding.tsx');
    expect(pageModuleOf('/breeding/7a2d0b63')).toBe('src/app/routes/breeding-ground.tsx');
    expect(pageModuleOf('/breeding/designs/b7')).toBe('src/app/routes/bred-design.tsx');
    expect(pageModuleOf('/no-such-page')).toBe('src/app/routes/not-found.tsx');
    // The hero texture, preloaded where it is painted first and not where it would go unused.
    expect(pageImagesOf('/')).toEqual(['/textures/camo.svg']);
    expect(pageImagesOf('/login')).toEqual(['/textures/camo.svg']);
    expect(pageImagesOf('/gallery/0b9f1c52')).toEqual([]);
    expect(pageImagesOf('/hunt')).toEqual([]);
  });
});
