/**
 * The server's first render of a page (built by `vite build --ssr` into dist/.ssr and loaded by
 * apps/server/src/web/server-render.ts). The page arrives as HTML with the data it shows, so the
 * browser paints it before any script has run; main.tsx then hydrates it.
 *
 * Requests go to the server itself as the viewer: the server sets, with `setFetcherSource`, where
 * each render's requests go (one per render, kept apart with AsyncLocalStorage there). Each page's
 * module says what its first screen needs (`prefetch`, app/route-handle.ts). Pages for signed-in
 * people are not rendered for a visitor: the browser sends them to /login as before.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routeHandle } from '@/lib/route-handle';
import { routes } from './app/router';
import { configQueryOptions } from '@/lib/config';
import { meQueryOptions } from '@/lib/me';
import { type Fetcher } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** The query cache the page was rendered with (TanStack Query's dehydrated state). */
  state: ReturnType<typeof dehydrate>;
}

export { setFetcherSource } from './lib/api-client';
export { SERVER_STATE_ELEMENT_ID } from './server-state';
export type { Fetcher };

const handler = createStaticHandler(routes);

/**
 * The HTTP status of the page at `url` by the app's own routes: 404 where only the catch-all
 * matches (the not-found page), 200 otherwise. Whoever views it, rendered here or not.
 */
export function statusOf(url: URL): 200 | 404 {
  return matchRoutes(routes, url.pathname)?.at(-1)?.route.path === '*' ? 404 : 200;
}

/**
 * The file of the page module that serves `path` (the deepest route that matches, the not-found
 * page included), as the build's manifest names it: the server preloads its chunks.
 */
export function pageModuleOf(path: string): string | null {
  const matches = matchRoutes(routes, path) ?? [];
  return (
    matches
      .map((match) => routeHandle(match.route.handle).module)
      .filter((module) => module !== undefined)
      .at(-1) ?? null
  );
}

/** The images the page at `path` paints first (its routes' `images`), for the server to preload. */
export function pageImagesOf(path: string): string[] {
  const matches = matchRoutes(routes, path) ?? [];
  return [...new Set(matches.flatMap((match) => routeHandle(match.route.handle).images ?? []))];
}

/**
 * The page at `url` (absolute, with its query), or null when the browser should render it itself:
 * a signed-in page for a visitor, a session that could not be checked, or a route that redirects.
 */
export async function render(url: URL): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const [, me] = await Promise.all([
    queryClient.prefetchQuery(configQueryOptions),
    queryClient.fetchQuery(meQueryOptions).catch(() => undefined),
  ]);
  if (me === undefined) return null;

  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) return null;
  const handles = context.matches.map((match) => routeHandle(match.route.handle));
  if (handles.some((handle) => handle.browserOnly || (handle.signedIn && !me))) return null;

  const params = context.matches.at(-1)?.params ?? {};
  await Promise.all(
    handles.map(async (handle) => {
      const page = await handle.load?.();
      await page?.prefetch?.({ queryClient, params, url, me }).catch(() => undefined);
    }),
  );

  const html = await toHtml(
    queryClient,
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
  );
  return { html, state: dehydrate(queryClient) };
}

/** The whole page, with every lazy part loaded (nothing left for the browser to fill in). */
async function toHtml(queryClient: QueryClient, router: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient}>{router}</AppProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
