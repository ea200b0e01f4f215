import { apiMessages } from '@camo/shared/api-messages';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http-errors.js';
import { decodedPath, isApiPath } from '../platform/http-security.js';
import { sendHtml } from './html-reply.js';
import { createIndexPage, readIndexHtml, type PreviewDesign } from './index-page.js';
import { createPageRateLimit, type PageRateLimitOptions } from './page-rate-limit.js';
import { createRoutePreloads, readBuildManifest } from './route-preloads.js';
import { loadServerRender, viewerFetch } from './server-render.js';

export interface WebPagesOptions {
  /** The built web app (apps/web/dist); nothing is served when it has no index.html. */
  webDist: string;
  publicUrl: URL;
  siteName: string;
  /** A design for a page's link preview, as anybody may see it. */
  findDesign(id: string): Promise<PreviewDesign>;
  log: FastifyBaseLogger;
  /** Each address's page budget (page-rate-limit.ts). */
  pageRateLimit: PageRateLimitOptions;
}

/**
 * The web app: its built files (compressed at build time, assets cached for good), and every
 * other GET as a page: index.html with the page's link-preview tags (index-page.ts) and, for a
 * GET, the page rendered on the server as its viewer sees it (server-render.ts), whatever the
 * Accept header (curl and uptime probes accept anything). Only the API and paths that name a missing
 * file (an extension, or under /assets/, /files/, /seed/) answer 404.
 */
export async function registerWebPages(app: FastifyInstance, options: WebPagesOptions): Promise<void> {
  const { webDist, publicUrl, log } = options;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const serverRender = hasWeb ? await loadServerRender(webDist) : null;
  const indexPage = hasWeb
    ? createIndexPage({
        html: readIndexHtml(path.join(webDist, 'index.html')),
        publicUrl,
        siteName: options.siteName,
        preloads: createRoutePreloads(
          readBuildManifest(path.join(webDist, '.vite/manifest.json')),
          (pathName) => serverRender?.pageModuleOf(pathName) ?? null,
        ),
        images: (pathName) => serverRender?.pageImagesOf(pathName) ?? [],
        // The page loads whatever happens here; only its preview falls back to the site's own.
        findDesign: (id) =>
          options.findDesign(id).catch((error: unknown) => {
            if (!(error instanceof HttpError && error.statusCode === 404))
              log.warn({ err: error as Error, designId: id }, 'link preview: design lookup failed');
            return null;
          }),
      })
    : null;
  const admitPage = hasWeb
    ? createPageRateLimit({
        ...options.pageRateLimit,
        indexHtml: readIndexHtml(path.join(webDist, 'index.html')),
        siteName: options.siteName,
      })
    : null;

  const renderPage = async (req: FastifyRequest, html: string): Promise<string> => {
    if (!serverRender || req.method !== 'GET') return html;
    try {
      const page = await serverRender.render(new URL(req.url, publicUrl.origin), viewerFetch(app, req));
      return page ? serverRender.inject(html, page) : html;
    } catch (error) {
      log.warn({ err: error as Error, url: req.url }, 'server render failed: the browser renders the page');
      return html;
    }
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite-plugin-compression2).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathName = decodedPath(req.url);
    const isFile = /^\/(?:assets|files|seed)(?:\/|$)|\.[a-z0-9]+$/i.test(pathName);
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(pathName) && !isFile;
    if (isPage && indexPage) {
      if (!(await admitPage!(req, reply))) return reply;
      // The not-found page, shown as any page is, answers 404 (the web app's own route match).
      if (serverRender?.statusOf(new URL(req.url, publicUrl.origin)) === 404) void reply.code(404);
      return sendHtml(req, reply, await renderPage(req, await indexPage.render(pathName)));
    }
    return reply.code(404).send({ error: 'not_found', message: apiMessages.notFound });
  });
}
