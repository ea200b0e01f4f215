import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, type RouteHandle } from '@/components/layout/app-shell';
import { LoadingState } from '@/components/ui/loading-state';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };

/** Each page is its own chunk (quality.md: `/` loads at most 150 KB of gzipped JavaScript). */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const withFooter: RouteHandle = { footer: true };

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
          { index: true, handle: withFooter, lazy: page(() => import('./routes/home')) },
          // ... /login, /signup, /terms and /privacy the header only.
          { path: 'login', lazy: page(() => import('./routes/login')) },
          { path: 'signup', lazy: page(() => import('./routes/signup')) },
          { path: 'terms', lazy: page(() => import('./routes/terms')) },
          { path: 'privacy', lazy: page(() => import('./routes/privacy')) },
          {
            element: <ProtectedRoute />,
            handle: withFooter,
            children: [
              { path: 'profile', lazy: page(() => import('./routes/profile')) },
              { path: 'design', lazy: page(() => import('./routes/design')) },
              { path: 'create-design', lazy: page(() => import('./routes/create-design')) },
              { path: 'gallery', lazy: page(() => import('./routes/gallery')) },
              { path: 'gallery/user/:userId', lazy: page(() => import('./routes/designer')) },
              { path: 'gallery/:designId', lazy: page(() => import('./routes/design-detail')) },
            ],
          },
          { path: '*', handle: withFooter, lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
