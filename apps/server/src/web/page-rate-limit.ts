import escapeHtml from 'escape-html';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../platform/http-security.js';
import type { RequestCounter } from '../platform/rate-limits.js';
import { sendHtml } from './html-reply.js';

export interface PageRateLimitOptions {
  /** PAGE_RATE_LIMIT_PER_MINUTE. */
  perMinute: number;
  counter: RequestCounter;
}

const WINDOW_MS = 60_000;

/**
 * The page that says so, built from the web app's own index.html so it looks like the site (its
 * stylesheet, and the markup of the web app's error page, app/route-error.tsx), without the app's
 * scripts: a refused page must not go on to ask the API for its data.
 */
export function refusedPageHtml(indexHtml: string, siteName: string, waitSeconds: number): string {
  const body =
    '<main id="main" class="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">' +
    '<h1 class="stencil-heading text-4xl text-bone">Too many pages at once</h1>' +
    '<p class="text-sage">Pages were asked for from your address faster than the site serves them. ' +
    `Wait ${waitSeconds} seconds, then reload the page.</p>` +
    '<a href="/" class="btn btn-secondary">Home</a></main>';
  return indexHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>Too many requests | ${escapeHtml(siteName)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * PAGE_RATE_LIMIT_PER_MINUTE per client address (IPv6: per /64), counted across every API process
 * apart from the API's budget (decision 022). A page costs its render's reads, which are not
 * counted against the API (rate-limits.ts#uncounted): this budget is what bounds them.
 * Returns whether the page may be served; when not, it has answered 429 with `Retry-After`.
 */
export function createPageRateLimit(
  options: PageRateLimitOptions & { indexHtml: string; siteName: string },
): (req: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  return async (req, reply) => {
    const taken = await options.counter.take(`page:${clientKey(req.ip)}`, WINDOW_MS, options.perMinute);
    if (taken.allowed) return true;
    const wait = Math.max(1, Math.ceil(taken.ttl / 1000));
    void reply.code(429).header('retry-after', String(wait));
    sendHtml(req, reply, refusedPageHtml(options.indexHtml, options.siteName, wait));
    return false;
  };
}
