import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import type { Database } from '../src/platform/db/database.js';
import { createStorage } from '../src/platform/storage.js';
import { backends, freePort, openTestDatabase, standingClock } from './support/test-server.js';
import { fakeWebDist } from './support/web-dist.js';

/**
 * Issue 30 item 7: two API processes on one database (here two Fastify apps in this process,
 * sharing nothing but the database, as two processes would) keep one per-address budget between
 * them even in a burst, and pages have a budget of their own that does not spend the API's.
 */

const API_LIMIT = 100;
const AUTH_LIMIT = 30;
const PAGE_LIMIT = 40;
/** The bound the issue sets: at most the limit plus 10%. */
const within = (limit: number) => Math.floor(limit * 1.1);

/**
 * A built web app in miniature whose server render asks the API what the real one asks on every
 * page (the session, then the viewer's profile and the contest), so a render spends what a
 * browser would.
 */
function webDistWithServerRender(): string {
  return fakeWebDist(
    'camo-web-limit-',
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Camo</title>' +
      '<link rel="stylesheet" href="/assets/index-abc.css" />' +
      '<script type="module" src="/assets/index-abc.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
    `let source;
export const SERVER_STATE_ELEMENT_ID = 'server-state';
export function setFetcherSource(next) { source = next; }
export function statusOf() { return 200; }
export async function render(url) {
  const statuses = [];
  for (const api of ['/api/auth/get-session', '/api/me', '/api/contest'])
    statuses.push((await source()(api, { method: 'GET' })).status);
  return { html: '<p>' + url.pathname + ' ' + statuses.join(',') + '</p>', state: { statuses } };
}
`,
  );
}

interface Pair {
  /** Each "process", by its own origin. */
  origins: [string, string];
  /** The site's address (PUBLIC_URL): the Origin a browser sends. */
  site: string;
  close(): Promise<void>;
}

/**
 * Two apps on `database`, each with its own copy of the web app (`webDists`): one process imports
 * a server bundle once, and a second app importing the same file would take its renders over.
 */
async function startTwoProcesses(
  database: Database,
  webDists: [string, string],
  env: Record<string, string>,
): Promise<Pair> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-limit-'));
  const ports = [await freePort(), await freePort()] as const;
  const shared = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://localhost:${ports[0]}`,
    GALLERY_CACHE_MS: '0',
    ...env,
  };
  // The shared counts are kept in clock-aligned minutes, and a window that ends during a burst
  // starts its budget again: both apps read one clock that stands a second into a minute (as two
  // processes on one machine read one clock), so no test waits out a minute's end.
  const clock = standingClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000));
  const apps: FastifyInstance[] = [];
  for (const [i, port] of ports.entries()) {
    const config = loadConfig({ ...shared, PORT: String(port), WEB_DIST_DIR: webDists[i]! });
    const app = await buildApp({
      config,
      database,
      storage: createStorage(config),
      workers: false,
      now: clock.now,
    });
    await app.listen({ port, host: '127.0.0.1' });
    apps.push(app);
  }
  return {
    origins: [`http://localhost:${ports[0]}`, `http://localhost:${ports[1]}`],
    site: shared.PUBLIC_URL,
    async close() {
      // The first app closes the shared database as it goes: it goes last.
      for (const app of [...apps].reverse()) await app.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` requests at once, alternating between the two processes; the statuses by count. */
async function burst(
  pair: Pair,
  count: number,
  request: (origin: string) => Promise<Response>,
): Promise<Map<number, number>> {
  const replies = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await request(pair.origins[i % 2]!);
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const statuses = new Map<number, number>();
  for (const status of replies) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return statuses;
}

describe.each(backends)('rate limits across two API processes on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let pair: Pair;
  let webDists: [string, string];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    webDists = [webDistWithServerRender(), webDistWithServerRender()];
    pair = await startTwoProcesses(database, webDists, {
      API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      PAGE_RATE_LIMIT_PER_MINUTE: String(PAGE_LIMIT),
      // One proxy in front: each test sends from an address of its own (X-Forwarded-For).
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(async () => {
    await pair?.close();
    await drop();
    for (const dir of webDists) rmSync(dir, { recursive: true, force: true });
  });

  it(`accepts at most the API limit plus 10% of a 300-request burst over both (limit ${API_LIMIT})`, async () => {
    const statuses = await burst(pair, 300, (origin) =>
      fetch(`${origin}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.1' } }),
    );
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(statuses.get(200)).toBeLessThanOrEqual(within(API_LIMIT));
    // Not refusing everything either: the budget is there to be used.
    expect(statuses.get(200)).toBeGreaterThanOrEqual(API_LIMIT * 0.9);
  });

  it(`accepts at most the sign-in limit plus 10% of 80 sign-in starts over both (limit ${AUTH_LIMIT})`, async () => {
    const statuses = await burst(pair, 80, (origin) =>
      fetch(`${origin}/api/auth/sign-in/social`, {
        method: 'POST',
        headers: { origin: pair.site, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.2' },
        body: JSON.stringify({ provider: 'dev-oidc', callbackURL: '/profile' }),
      }),
    );
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(statuses.get(200)).toBeLessThanOrEqual(within(AUTH_LIMIT));
    expect(statuses.get(200)).toBeGreaterThanOrEqual(AUTH_LIMIT * 0.9);
  });

  it(`limits pages at their own budget (limit ${PAGE_LIMIT}) without spending the API's`, async () => {
    const address = { 'x-forwarded-for': '203.0.113.3' };
    const pages: { status: number; retryAfter: string | null; type: string | null; html: string }[] = [];
    await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const response = await fetch(`${pair.origins[i % 2]}/gallery?page=${i}`, { headers: address });
        pages.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          type: response.headers.get('content-type'),
          html: await response.text(),
        });
      }),
    );
    const served = pages.filter((p) => p.status === 200);
    const refused = pages.filter((p) => p.status === 429);
    expect(served.length + refused.length).toBe(pages.length);
    expect(served.length).toBeLessThanOrEqual(within(PAGE_LIMIT));
    expect(served.length).toBeGreaterThanOrEqual(PAGE_LIMIT * 0.9);
    // Each render asked the API three times (120 calls against a limit of 100), and was answered.
    for (const page of served) expect(page.html).toMatch(/<p>\/gallery 200,401,200<\/p>/);
    // A refused page is a page: HTML in the site's language, saying when to come back.
    for (const page of refused) {
      expect(page.type).toBe('text/html; charset=utf-8');
      expect(Number(page.retryAfter)).toBeGreaterThan(0);
      expect(Number(page.retryAfter)).toBeLessThanOrEqual(60);
      expect(page.html).toMatch(/^<!doctype html><html lang="en">/);
      expect(page.html).toContain('<h1');
      // No scripts: a refused page does not go on to ask the API for anything.
      expect(page.html).not.toContain('<script');
      expect(page.html).toContain('href="/assets/index-abc.css"');
    }
    // The API budget of the address is untouched by the pages and their renders.
    for (const origin of pair.origins) {
      const api = await fetch(`${origin}/api/health`, { headers: address });
      expect(api.status).toBe(200);
      expect(Number(api.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(API_LIMIT / 2);
    }
  });
});
