import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uncounted } from '../platform/rate-limits.js';

/** A same-origin GET as the viewer of the page being rendered. */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

/** A page the web app rendered on the server (apps/web/src/entry-server.tsx). */
export interface RenderedPage {
  html: string;
  state: unknown;
}

/** What the web app's server bundle exports. */
interface EntryServer {
  render(url: URL): Promise<RenderedPage | null>;
  statusOf(url: URL): 200 | 404;
  /** Absent from a bundle that predates it (or a test's stand-in): no page is preloaded. */
  pageModuleOf?(path: string): string | null;
  pageImagesOf?(path: string): string[];
  setFetcherSource(source: () => Fetcher): void;
  SERVER_STATE_ELEMENT_ID: string;
}

export interface ServerRender {
  /** The page at `url` as `fetch`'s viewer sees it, or null when the browser renders it itself. */
  render(url: URL, fetch: Fetcher): Promise<RenderedPage | null>;
  /** The built index.html with `page` in its root element and its data beside it. */
  inject(html: string, page: RenderedPage): string;
  /** 404 where the app's own routes know no such page (its not-found page), else 200. */
  statusOf(url: URL): 200 | 404;
  /** The file of the page module that serves a path, as the build's manifest names it. */
  pageModuleOf(path: string): string | null;
  /** The images the page at a path paints first, to preload in its head. */
  pageImagesOf(path: string): string[];
}

/** The bundle `npm run build` writes beside the web app. */
export function entryServerPath(webDist: string): string {
  return path.join(webDist, '.ssr', 'entry-server.js');
}

/** The server render of the build in `webDist`, or null when the build has none. */
export async function loadServerRender(webDist: string): Promise<ServerRender | null> {
  const file = entryServerPath(webDist);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as EntryServer;
  // Renders overlap (each awaits its own requests), so each keeps its viewer's fetch to itself.
  const viewerFetch = new AsyncLocalStorage<Fetcher>();
  entry.setFetcherSource(
    () =>
      viewerFetch.getStore() ??
      (() => Promise.reject(new Error('a request outside a server render has no viewer'))),
  );
  return {
    render: (url, fetch) => viewerFetch.run(fetch, () => entry.render(url)),
    inject: (html, page) => injectRenderedPage(html, page, entry.SERVER_STATE_ELEMENT_ID),
    statusOf: (url) => entry.statusOf(url),
    pageModuleOf: (path) => entry.pageModuleOf?.(path) ?? null,
    pageImagesOf: (path) => entry.pageImagesOf?.(path) ?? [],
  };
}

/**
 * JSON that is safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), no `>`
 * or `&`, and no line separators; JSON.parse reads the escapes back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const ROOT = '<div id="root"></div>';

export function injectRenderedPage(html: string, page: RenderedPage, stateElementId: string): string {
  const at = html.indexOf(ROOT);
  if (at < 0) return html;
  const state = `<script type="application/json" id="${stateElementId}">${scriptSafeJson(page.state)}</script>`;
  return `${html.slice(0, at)}<div id="root">${page.html}</div>${state}${html.slice(at + ROOT.length)}`;
}

/**
 * The page's requests, answered by this server in-process as if the browser had sent them: the
 * viewer's cookie and address. Reads only, and outside the rate limits: the page itself was
 * counted against the address's page budget (web/page-rate-limit.ts, decision 022).
 */
export function viewerFetch(app: FastifyInstance, req: FastifyRequest): Fetcher {
  return async (url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`a server render only reads (${method} ${url})`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    const userAgent = req.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const reply = await uncounted(() => app.inject({ method: 'GET', url, headers, remoteAddress: req.ip }));
    const bodiless = reply.statusCode === 204 || reply.statusCode === 205 || reply.statusCode === 304;
    return new Response(bodiless ? null : reply.body, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  };
}
