import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';
import { fakeWebDist } from './support/web-dist.js';

/**
 * The server's side of the first render (web/server-render.ts, decision 007), with a stand-in for
 * the web app's bundle that reports what its requests to the server got: the viewer's session
 * reaches them, the page goes into #root with its data beside it, and a render that fails or
 * declines leaves the page to the browser.
 */
function webDistWithServerRender(): string {
  return fakeWebDist(
    'camo-web-ssr-',
    '<!doctype html><html lang="en"><head><title>Camo</title></head><body><div id="root"></div></body></html>',
    `let source;
export const SERVER_STATE_ELEMENT_ID = 'server-state';
export function setFetcherSource(next) { source = next; }
export function statusOf(url) { return url.pathname === '/no-such-page' ? 404 : 200; }
export async function render(url) {
  if (url.pathname === '/fails') throw new Error('a page that cannot render');
  if (url.pathname === '/declines') return null;
  const me = await source()('/api/me', { method: 'GET' });
  const body = me.ok ? await me.json() : null;
  const name = body ? body.displayName : 'visitor';
  return { html: '<p>Hello ' + name + ' at ' + url.pathname + url.search + '</p>', state: { name, note: '</script><b>' } };
}
`,
  );
}

describe.each(backends)('server render (%s)', (backend) => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = webDistWithServerRender();
    server = await startTestServer(backend, { WEB_DIST_DIR: webDist });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("renders a page as its viewer sees it, with the page's data in a data block it cannot close", async () => {
    const visitor = await (await fetch(`${server.origin}/gallery?sort=recent`)).text();
    expect(visitor).toContain('<div id="root"><p>Hello visitor at /gallery?sort=recent</p></div>');

    const client = await signIn(server.origin, { name: 'Rendered Person', email: 'rendered@example.com' });
    const html = await (await client.fetch('/gallery')).text();
    expect(html).toContain('<div id="root"><p>Hello Rendered Person at /gallery</p></div>');
    const state = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state ?? 'null')).toEqual({ name: 'Rendered Person', note: '</script><b>' });
  });

  it('sends the page empty, for the browser to render, when the render fails or declines', async () => {
    for (const pathName of ['/fails', '/declines']) {
      const reply = await fetch(`${server.origin}${pathName}`);
      expect(reply.status).toBe(200);
      const html = await reply.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('server-state');
    }
  });

  it("answers the app's not-found page 404, as the app's own routes say, and every other page 200", async () => {
    const missing = await fetch(`${server.origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"><p>Hello visitor at /no-such-page</p></div>');
    expect((await fetch(`${server.origin}/gallery`)).status).toBe(200);
  });

  it('never sends the bundle itself', async () => {
    expect((await fetch(`${server.origin}/.ssr/entry-server.js`)).status).toBe(404);
  });

  it('renders nothing for HEAD, and nothing under the API or for files', async () => {
    const head = await fetch(`${server.origin}/gallery`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await fetch(`${server.origin}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/missing.js`)).status).toBe(404);
  });
});
