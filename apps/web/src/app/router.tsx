import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { LoadingState } from '@/components/ui/loading-state';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import type { PageModule, RouteHandle } from '@/lib/route-handle';
import { RouteError } from './route-error';

/**
 * Each page is its own chunk (quality.md: `/` loads at most 150 KB of gzipped JavaScript). The
 * handle keeps the loader too, for the server's first render (entry-server.tsx), and the module's
 * file, by which the server finds the page's chunks in the build to preload
 * (apps/server/src/web/route-preloads.ts; router.test.ts keeps the name and the loader agreeing).
 */
const page = (name: string, load: () => Promise<PageModule>, handle: RouteHandle = {}) => ({
  lazy: async () => ({ Component: (await load()).default }),
  handle: { ...handle, load, module: `src/app/routes/${name}.tsx` } satisfies RouteHandle,
});

const withFooter: RouteHandle = { footer: true };
/** The camouflage texture behind a page's hero or header (styles/index.css, camo-texture). */
const withTexture: RouteHandle = { images: ['/textures/camo.svg'] };

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // Spec §2 route table: "/" has the header and the footer ...
          { index: true, ...page('home', () => import('./routes/home'), { ...withFooter, ...withTexture }) },
          // ... /login, /signup, /terms and /privacy the header only.
          { path: 'login', ...page('login', () => import('./routes/login'), withTexture) },
          { path: 'signup', ...page('signup', () => import('./routes/signup'), withTexture) },
          { path: 'terms', ...page('terms', () => import('./routes/terms')) },
          { path: 'privacy', ...page('privacy', () => import('./routes/privacy')) },
          // The contest's rules, standings and Trophy Club are public, like the home page's.
          { path: 'contest', ...page('contest', () => import('./routes/contest'), withFooter) },
          {
            element: <ProtectedRoute />,
            handle: { footer: true, signedIn: true } satisfies RouteHandle,
            children: [
              {
                path: 'profile',
                ...page('profile', () => import('./routes/profile'), { browserOnly: true, ...withTexture }),
              },
              {
                path: 'design',
                ...page('design-studio', () => import('./routes/design-studio'), withTexture),
              },
              {
                path: 'create-design',
                ...page('create-design', () => import('./routes/create-design'), {
                  browserOnly: true,
                  ...withTexture,
                }),
              },
              { path: 'gallery', ...page('gallery', () => import('./routes/gallery')) },
              { path: 'gallery/user/:userId', ...page('designer', () => import('./routes/designer')) },
              { path: 'gallery/:designId', ...page('design-detail', () => import('./routes/design-detail')) },
              // Hide and seek: a round's image is served once, so the page is the browser's alone.
              { path: 'hunt', ...page('hunt', () => import('./routes/hunt'), { browserOnly: true }) },
              { path: 'hunt/insights', ...page('hunt-insights', () => import('./routes/hunt-insights')) },
              // Breeding grounds (issue 44): for signed-in people, as the gallery their designs join.
              { path: 'breeding', ...page('breeding', () => import('./routes/breeding')) },
              {
                path: 'breeding/:groundId',
                ...page('breeding-ground', () => import('./routes/breeding-ground')),
              },
              {
                path: 'breeding/designs/:bredDesignId',
                ...page('bred-design', () => import('./routes/bred-design')),
              },
              // Moderators' queue (ADMIN_EMAILS); anybody else is told it is for moderators.
              { path: 'admin', ...page('admin', () => import('./routes/admin'), { browserOnly: true }) },
            ],
          },
          { path: '*', ...page('not-found', () => import('./routes/not-found'), withFooter) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
