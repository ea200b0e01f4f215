import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Client } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * quality.md: bad input never yields a 5xx or a stack trace. Every operation the API documents
 * (its OpenAPI description, so a new endpoint is fuzzed without anyone remembering to add it)
 * gets generated path parameters, query strings and JSON bodies: the property names its schema
 * knows filled with hostile values, and arbitrary JSON. The caller is a signed-in moderator, so
 * the moderators' routes are reached too. The answer must be a 2xx or a 4xx with our error shape.
 */

/** The hostile-input corpus of issue 12, besides whatever fast-check makes up. */
export const hostileStrings = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '"; DROP TABLE designs; --',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '\uFEFF',
  '\u202Egnp.exe',
  'Admin\u200B',
  'Аlice', // Cyrillic А
  '\uD800',
  '\uDFFF\uD800',
  '🏳️‍🌈👨‍👩‍👧‍👦'.repeat(50),
  'x'.repeat(10_000),
  ' ',
  '',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.uuid() },
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}) },
);

/**
 * A path segment as a browser would send it; a lone surrogate (which has no UTF-8 form) is sent
 * as the bytes of an encoded surrogate, which is not valid UTF-8 either.
 */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

interface Operation {
  method: string;
  route: string;
  pathParams: string[];
  queryParams: string[];
  bodyKeys: string[] | null;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

describe('hostile input at every documented endpoint (property-based)', () => {
  let server: TestServer;
  let client: Client;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer('pglite', { ADMIN_EMAILS: 'fuzz-mod@example.com' });
    client = await signIn(server.origin, { name: 'Fuzz Moderator', email: 'fuzz-mod@example.com' });
    const doc = (await (await fetch(new URL('/api/docs/json', server.origin))).json()) as OpenApi;
    operations = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const json = op.requestBody?.content?.['application/json'];
        return {
          method: method.toUpperCase(),
          route,
          pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyKeys: json ? Object.keys(json.schema?.properties ?? {}) : null,
        };
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  async function expectNoServerError(response: Response, what: string): Promise<void> {
    const text = response.headers.get('content-type')?.includes('text/event-stream')
      ? ''
      : await response.text();
    expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
    if (response.status >= 400 && text) {
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(typeof body.message, what).toBe('string');
      // No stack trace, no file path, no SQL.
      expect(text, what).not.toMatch(/at .+\.(ts|js|mjs):\d+|node_modules|\/src\/|select .+ from /i);
    }
  }

  it('finds every operation in the API description', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers every operation with a 2xx or a clean 4xx, whatever is sent', async () => {
    for (const op of operations) {
      // The upload is multipart: its abuse cases are in upload-abuse.int.test.ts.
      if (op.route === '/api/generations' && op.method === 'POST') continue;
      const request = fc.record({
        path: fc.tuple(...op.pathParams.map(() => hostileString)),
        query: fc.dictionary(
          op.queryParams.length ? fc.constantFrom(...op.queryParams) : hostileString,
          hostileString,
          { maxKeys: 4 },
        ),
        body: op.bodyKeys?.length
          ? fc.oneof(
              fc.dictionary(fc.constantFrom(...op.bodyKeys), hostileValue, { maxKeys: op.bodyKeys.length }),
              fc.anything({ maxDepth: 2 }),
            )
          : fc.anything({ maxDepth: 2 }),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body }) => {
          let url = op.route;
          op.pathParams.forEach((name, i) => {
            url = url.replace(`{${name}}`, pathSegment(path[i] ?? ''));
          });
          const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v]));
          const target = search.size ? `${url}?${search}` : url;
          const controller = new AbortController();
          const response = await client.fetch(target, {
            method: op.method,
            signal: controller.signal,
            ...(op.method === 'GET' || op.method === 'HEAD'
              ? {}
              : { body: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } }),
          });
          try {
            await expectNoServerError(response, `${op.method} ${target}`);
          } finally {
            // A progress stream stays open: its status is what is checked.
            controller.abort();
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 600_000);

  it('refuses bodies that are not UTF-8, not JSON or not an object, cleanly', async () => {
    const raw = [
      Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
      Buffer.from('{"text": "unterminated'),
      Buffer.from('[1,2,3]'),
      Buffer.from('"just a string"'),
      Buffer.from('{"__proto__": {"admin": true}, "text": "x"}'),
      Buffer.alloc(0),
    ];
    const targets = operations.filter((op) => op.method !== 'GET' && op.route !== '/api/generations');
    for (const op of targets) {
      const url = op.route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const body of raw) {
        const response = await client.fetch(url, {
          method: op.method,
          headers: { 'content-type': 'application/json' },
          body,
        });
        await expectNoServerError(response, `${op.method} ${url} with ${body.toString('hex').slice(0, 40)}`);
      }
    }
  });
});
