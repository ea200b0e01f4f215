// The app: hydrates a page the server rendered, or renders one it did not (boot.ts loads it).
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configQueryOptions } from '@/lib/config';
import { meQueryOptions } from '@/lib/me';
import { startHydrating } from '@/lib/hydration';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './app/provider';
import { createRouter, routes } from './app/router';
import { SERVER_STATE_ELEMENT_ID } from './server-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

function app(queryClient: QueryClient) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={createRouter()} />
      </AppProvider>
    </StrictMode>
  );
}

/** The query cache the server rendered this page with (entry-server.tsx), if it did. */
function serverState(): DehydratedState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/** The matched pages' chunks, loaded before hydrating: hydration must render what the server did. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

const state = root.hasChildNodes() ? serverState() : null;
if (state) {
  const queryClient = createQueryClient({
    serverRendered: { hashes: new Set(state.queries.map((query) => query.queryHash)), at: Date.now() },
  });
  hydrate(queryClient, state);
  await loadMatchedRoutes();
  startHydrating();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is on screen already, and a tap is not kept
  // waiting (Lighthouse's Total Blocking Time).
  startTransition(() => {
    hydrateRoot(root, app(queryClient));
  });
} else {
  const queryClient = createQueryClient();
  // Start both requests before the first render; the header needs them on every page.
  void queryClient.prefetchQuery(configQueryOptions);
  void queryClient.prefetchQuery(meQueryOptions);
  createRoot(root).render(app(queryClient));
}
