import type { QueryClient } from '@tanstack/react-query';
import type { PrivateProfile } from '@camo/shared/api.schema';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** What a page may load before it is rendered on the server (entry-server.tsx). */
export interface PrefetchContext {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  me: PrivateProfile | null;
}

/** A page's module: the page, and the queries its first screen needs. */
export interface PageModule {
  default: ComponentType;
  /** Fills `queryClient` with what the page shows first, with the same query keys the page reads. */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
}

export interface RouteHandle {
  /** Spec §2 route table: the footer under this page. */
  footer?: boolean;
  /** Only for signed-in people: a visitor is sent to /login. */
  signedIn?: boolean;
  /**
   * Rendered by the browser only: react-aria's switches hide their input with a style attribute,
   * which the site's CSP (style-src 'self') refuses in server-rendered HTML.
   */
  browserOnly?: boolean;
  /** The page's module (its own chunk), for the server's first render. */
  load?: () => Promise<PageModule>;
  /** That module's file from the web app's root, as the build's manifest names it. */
  module?: string;
  /**
   * Images the page paints first (its header's camouflage texture): the server names them in the
   * page's head for the browser to fetch at once, on this page only (a preload elsewhere is a
   * console warning that it went unused).
   */
  images?: readonly string[];
}

export function routeHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? handle : {};
}
