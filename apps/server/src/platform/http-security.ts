import { apiMessages } from '@camo/shared/api-messages';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnsupportedMediaTypeError } from './http-errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * quality.md rule 6: a state change under /api needs a same-origin browser request
 * (Sec-Fetch-Site or Origin) and a JSON body; routes that take uploads opt in to multipart
 * with `config: { multipart: true }`. GET never changes state.
 */
export function isSameOrigin(req: FastifyRequest, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const requestOrigin = req.headers.origin;
  if (typeof requestOrigin === 'string') return requestOrigin === origin;
  return site === 'same-origin';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: boolean;
  }
}

/**
 * Whether a request is for the API. Decided on the route Fastify matched (its pattern, e.g.
 * `/api/me`), never on the raw URL: the router decodes percent-escapes, so `/%61pi/me` reaches
 * `/api/me` and must meet the same guards and limits. A request no route matched (a 404)
 * falls back to its decoded path.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route !== undefined) return isApiPath(route);
  return isApiPath(decodedPath(req.url));
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The path of a request URL without its query, percent-decoded (left as is when malformed). */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The key every rate limit counts a client by: its IPv4 address, or its IPv6 /64 (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would give each
 * client 2^64 allowances). IPv4-mapped IPv6 addresses count as their IPv4 address. The result
 * is itself a valid address, so it can be handed on as X-Forwarded-For.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // zone index (fe80::1%eth0)
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const groups = expandIPv6(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  // The /64 network with its interface part zeroed: 2001:db8:1:2::
  return `${groups.join(':')}::`;
}

function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const embedded = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/** Host names that always mean this machine: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIPv4(host)) return host.startsWith('127.');
  return (
    isIPv6(host) && expandIPv6(host).every((group, i) => Number.parseInt(group, 16) === (i === 7 ? 1 : 0))
  );
}

/** The host name of a Host header or an origin ("127.0.0.1:3000", "http://[::1]:3000"), or null. */
function hostnameOf(value: string | undefined, isOrigin = false): string | null {
  if (!value) return null;
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

/**
 * One address for a site on this machine. When PUBLIC_URL is a loopback address, a page asked for
 * on another loopback name of the same server (127.0.0.1 for localhost, say) is sent to PUBLIC_URL:
 * cookies and the cross-site guard belong to one origin, and sign-in there would be refused. The
 * API and the health check are never redirected; a state change from such an origin is still
 * refused, with a message naming the address to use (registerRequestGuards).
 */
export function registerLoopbackRedirect(app: FastifyInstance, publicUrl: URL): void {
  if (!isLoopbackHost(publicUrl.hostname)) return;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    if (isApiPath(decodedPath(req.url))) return;
    const host = hostnameOf(req.headers.host);
    if (!host || host === publicUrl.hostname || !isLoopbackHost(host)) return;
    return reply.redirect(new URL(req.url, publicUrl.origin).href, 307);
  });
}

export function registerRequestGuards(app: FastifyInstance, origin: string): void {
  const publicHost = hostnameOf(origin, true) ?? '';
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method) || !isApiRequest(req)) return;
    if (!isSameOrigin(req, origin)) {
      // Another name of this machine: the person opened the site at an address it does not use.
      const from = req.headers.origin;
      const fromHost = hostnameOf(from, true);
      if (from && fromHost && isLoopbackHost(fromHost) && isLoopbackHost(publicHost))
        throw new ForbiddenError(apiMessages.wrongAddress(origin, from));
      throw new ForbiddenError(apiMessages.crossSite);
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const multipartAllowed = req.routeOptions.config?.multipart === true;
    if (type === 'application/json') return;
    if (multipartAllowed && type === 'multipart/form-data') return;
    throw new UnsupportedMediaTypeError(apiMessages.jsonBody);
  });
}
