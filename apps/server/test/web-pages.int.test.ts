import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

/** A built web app in miniature: index.html and one hashed asset with its compressed copies. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'camo-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Camo</title>` +
      `<meta name="description" content="${'A community of camouflage designers. '.repeat(30)}" />` +
      `</head><body><div id="root"></div></body></html>`,
  );
  const script = `console.log(${JSON.stringify('camouflage '.repeat(500))});`;
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
  return dir;
}

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decode it), like a crawler or curl. */
function get(origin: string, pathName: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathName, origin), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const page = async (origin: string, pathName: string) => (await get(origin, pathName)).body.toString('utf8');
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe.each(backends)('web app pages: link previews and compression (%s)', (backend) => {
  let server: TestServer;
  let webDist: string;
  let designerId: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    server = await startTestServer(backend, { WEB_DIST_DIR: webDist });
    designerId = await createUser(server.database.db, { displayName: 'Sam Hunter' });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("gives a submitted design's page its Open Graph and Twitter card tags, to anyone", async () => {
    const id = await createSubmittedDesign(server.database.db, {
      userId: designerId,
      name: 'Creek Bottom',
      designerName: 'Sam Hunter',
      state: 'TX',
      county: 'Travis',
    });
    const html = await page(server.origin, `/gallery/${id}`);
    expect(meta(html, 'og:title')).toBe('Creek Bottom');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:description')).toBe('A camouflage design by Sam Hunter for Travis, TX');
    expect(meta(html, 'og:image')).toBe(`${server.origin}/files/ai_gen/2025/01/camo_design_${id}_a.png`);
    expect(meta(html, 'og:url')).toBe(`${server.origin}/gallery/${id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a hostile design name', async () => {
    const id = await createSubmittedDesign(server.database.db, {
      userId: designerId,
      name: '"><script>alert(1)</script>',
    });
    const html = await page(server.origin, `/gallery/${id}`);
    expect(html).not.toContain('<script>');
    expect(meta(html, 'og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("gives a pending design's page the site's generic card and nothing of the design", async () => {
    const id = await createSubmittedDesign(server.database.db, {
      userId: designerId,
      name: 'Secret Swamp',
      status: 'pending_selection',
    });
    const html = await page(server.origin, `/gallery/${id}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:title')).toBe(server.config.siteName);
    expect(meta(html, 'og:image')).toBe(`${server.origin}/social-card.png`);
    expect(html).not.toContain('Secret Swamp');
    expect(html).not.toContain('camo_design_');
  });

  it('gives other pages, and a design that does not exist, the generic card', async () => {
    for (const pathName of ['/', '/terms', '/gallery', '/gallery/00000000-0000-4000-8000-000000000000']) {
      const html = await page(server.origin, pathName);
      expect(meta(html, 'og:title'), pathName).toBe(server.config.siteName);
      expect(meta(html, 'og:description'), pathName).toMatch(/^Design camouflage patterns/);
      expect(meta(html, 'og:url'), pathName).toBe(`${server.origin}${pathName}`);
    }
  });

  it('compresses pages, keeps them out of shared caches, and says it varies by Accept-Encoding', async () => {
    const br = await get(server.origin, '/terms', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toContain('og:title');
    const plain = await get(server.origin, '/terms');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('og:title');
  });

  it('serves the pre-compressed copy of a hashed asset, cached for a year', async () => {
    const br = await get(server.origin, '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toMatch(/^console\.log/);
    const gz = await get(server.origin, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('compresses API JSON past the threshold, and not a small reply', async () => {
    const docs = await get(server.origin, '/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.body).toString())).toHaveProperty('openapi');
    const health = await get(server.origin, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  // Stored files are no longer immutable: moderation can hide them (issue 30 item 5). Their
  // check and cache headers are file-access.int.test.ts's; a file of no design is not served.
  it('serves no stored file that belongs to no design', async () => {
    await server.storage.put('ai_gen/2025/01/web-test.png', Buffer.from('not really a png'));
    const file = await get(server.origin, '/files/ai_gen/2025/01/web-test.png');
    expect(file.status).toBe(404);
    expect(file.headers['cache-control']).toBe('no-store');
  });
});
