/**
 * The gallery API, measured the way quality.md states it: with 1k, 10k and 100k submitted designs
 * and about ten votes each (a million vote rows at 100k) in the embedded database, a gallery page
 * (12 cards) for the default Most Popular sort, Most Recent, a state, a year and month, and a
 * search, at 32 concurrent connections with autocannon (p95 under 25 ms), and its throughput
 * against the same server sending the same bytes from memory (at least 40%), both in one run.
 * EXPLAIN ANALYZE of each page query at each size shows the index it uses and how many rows it
 * reads, which must not grow with the number of designs.
 *
 * The server (buildApp over PGlite in a temporary directory) runs in this process; autocannon runs
 * in a child process (support/load-client.ts). `--write` appends the figures to docs/benchmarks.md.
 *   npm run bench -w apps/server   (both server benchmarks)
 *   node --import tsx bench/gallery.bench.ts [--write]   (this one; BENCH_SECONDS per measurement)
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { createGalleryRepository, type GalleryFilter } from '../src/gallery/gallery.repository.js';
import { schema } from '../src/platform/db/schema.js';
import { signIn } from '../test/support/dev-sign-in.js';
import { addDesigns, checkData, createPeople } from './support/gallery-data.js';
import type { LoadResult } from './support/load-client.js';
import { openMeasuredApi } from './support/measured-api.js';
import { load, machine } from './support/machine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [1_000, 10_000, 100_000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const P95_TARGET_MS = 25;
const RATIO_TARGET = 0.4;

const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));

// The newest design is a little before now; the month filter asks for one three months back.
const base = new Date(Date.now() - 60 * 60 * 1000);
const monthAt = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() - 3, 15));
const year = monthAt.getUTCFullYear();
const month = monthAt.getUTCMonth() + 1;

interface Measured {
  label: string;
  query: string;
  filter: Omit<GalleryFilter, 'limit'>;
}
const queries: Measured[] = [
  { label: 'Most Popular (default)', query: '', filter: { sort: 'votes' } },
  { label: 'Most Recent', query: 'sort=recent', filter: { sort: 'recent' } },
  { label: 'state TX', query: 'state=TX', filter: { sort: 'votes', state: 'TX' } },
  {
    label: `${year}-${String(month).padStart(2, '0')}`,
    query: `year=${year}&month=${month}`,
    filter: { sort: 'votes', year, month },
  },
  { label: 'search "ghost"', query: 'q=ghost', filter: { sort: 'votes', q: 'ghost' } },
];

const { database, origin, memory, hammer, close } = await openMeasuredApi('camo-gallery-bench-');

/** The SQL the repository sends, captured through a logger, for EXPLAIN ANALYZE. */
const client = (database.db as unknown as { $client: PGlite }).$client;
let captured: { sql: string; params: unknown[] } | undefined;
const tracedRepo = createGalleryRepository(
  drizzle({
    client,
    schema,
    logger: { logQuery: (sqlText, params) => (captured = { sql: sqlText, params }) },
  }),
);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
interface PlanSummary {
  indexes: string[];
  seqScans: string[];
  rowsRead: number;
  /** Pages the query touched: what a page costs, index pages included. */
  blocks: number;
  ms: number;
}
async function explain(filter: Measured['filter']): Promise<PlanSummary> {
  captured = undefined;
  await tracedRepo.page({ ...filter, limit: 13 });
  if (!captured) throw new Error('no query captured');
  const { sql: text, params } = captured as { sql: string; params: unknown[] };
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) ${text}`,
    params,
  );
  const top = result.rows[0]!['QUERY PLAN'][0];
  const summary: PlanSummary = {
    indexes: [],
    seqScans: [],
    rowsRead: 0,
    blocks: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    ms: top['Execution Time'],
  };
  const walk = (node: PlanNode) => {
    if (node['Index Name']) summary.indexes.push(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan')
      summary.seqScans.push(String((node as { 'Relation Name'?: string })['Relation Name']));
    if (/Scan/.test(node['Node Type']))
      summary.rowsRead +=
        (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
    node.Plans?.forEach(walk);
  };
  walk(top.Plan);
  return summary;
}

interface Row {
  size: number;
  label: string;
  cards: number;
  gallery: LoadResult;
  baseline: LoadResult;
  plan: PlanSummary;
  loadAfter: string;
}
const rows: Row[] = [];
let reference = '';
const loadBefore = load();
const started = performance.now();

try {
  const user = await signIn(origin, { name: 'Bench Marker', email: 'bench@example.com' });
  const headers = { cookie: user.jar.header() };
  await createPeople(database.db);
  // For reference: the lightest signed-in route (the session check and the user's row), and the
  // memory route; what a gallery page costs beyond a session check is the difference.
  await hammer({ url: `${origin}/api/me`, headers, connections: CONNECTIONS, seconds: 1 });
  const me = await hammer({ url: `${origin}/api/me`, headers, connections: CONNECTIONS, seconds: SECONDS });
  memory.body = await (await fetch(`${origin}/api/me`, { headers })).text();
  const meMemory = await hammer({
    url: `${origin}/api/bench-memory`,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  reference = `reference, GET /api/me (session check + one row): p50 ${ms(me.p50)} p95 ${ms(me.p95)} p99 ${ms(me.p99)} ms, ${me.rps.toFixed(0)} req/s; the same bytes from memory ${meMemory.rps.toFixed(0)} req/s (${((me.rps / meMemory.rps) * 100).toFixed(0)}%); load ${load()}`;
  console.log(reference);

  let filled = 0;
  for (const size of SIZES) {
    const fillStarted = performance.now();
    await addDesigns(database.db, filled, size, base);
    filled = size;
    const counts = await checkData(database.db);
    console.log(
      `${size} designs: ${counts.designs} submitted, ${counts.votes} votes (vote_count = vote rows, no own votes); ` +
        `filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s; load ${load()}`,
    );

    for (const q of queries) {
      const url = `${origin}/api/gallery${q.query ? `?${q.query}` : ''}`;
      // A kept-alive connection may have been closed by the server during a long fill: one retry.
      const reply = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
      const body = await reply.text();
      if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${body}`);
      const cards = (JSON.parse(body) as { designs: unknown[] }).designs.length;
      memory.body = body;
      const plan = await explain(q.filter);
      // A short warm-up, then the gallery and the baseline back to back.
      await hammer({ url, headers, connections: CONNECTIONS, seconds: 1 });
      const gallery = await hammer({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
      const baseline = await hammer({
        url: `${origin}/api/bench-memory`,
        headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      if (gallery.errors || gallery.non2xx || baseline.errors || baseline.non2xx)
        throw new Error(`failed requests: ${JSON.stringify({ gallery, baseline })}`);
      const row: Row = { size, label: q.label, cards, gallery, baseline, plan, loadAfter: load() };
      rows.push(row);
      console.log(format(row));
    }
  }

  const lines = report();
  console.log(`\n${lines.join('\n')}`);
  if (process.argv.includes('--write')) {
    const docs = path.resolve(here, '../../../docs/benchmarks.md');
    appendFileSync(
      docs,
      `\n## Gallery API (\`npm run bench -w apps/server\`), ${new Date().toISOString().slice(0, 10)}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
  }
} finally {
  await close();
}

function format(row: Row): string {
  const { gallery: g, baseline: b, plan } = row;
  const ratio = g.rps / b.rps;
  const met = g.p95 !== null && g.p95 < P95_TARGET_MS && ratio >= RATIO_TARGET;
  return [
    String(row.size).padStart(7),
    row.label.padEnd(24),
    `${row.cards} cards`,
    `p50 ${ms(g.p50)}`,
    `p95 ${ms(g.p95)}`,
    `p99 ${ms(g.p99)} ms`,
    `${g.rps.toFixed(0)} req/s`,
    `baseline ${b.rps.toFixed(0)} req/s (p95 ${ms(b.p95)})`,
    `ratio ${(ratio * 100).toFixed(0)}%`,
    met ? 'met' : 'MISSED',
    `| ${plan.indexes.join('+') || 'no index'}${plan.seqScans.length ? ` +seq scan of ${plan.seqScans.join(',')}` : ''}, ${plan.rowsRead} rows, ${plan.blocks} pages, ${plan.ms.toFixed(2)} ms`,
    `| load ${row.loadAfter}`,
  ].join('  ');
}

function report(): string[] {
  const lines = [
    `machine: ${machine}; PGlite; ${CONNECTIONS} connections, ${SECONDS} s per measurement (gallery, then the same bytes from memory)`,
    `load average ${loadBefore} before, ${load()} after; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
    `targets: p95 < ${P95_TARGET_MS} ms and throughput >= ${RATIO_TARGET * 100}% of the baseline (latencies in ms; plan = EXPLAIN ANALYZE of the page query)`,
    '',
    ...rows.map(format),
    '',
    reference,
  ];
  for (const q of queries) {
    const pages = rows.filter((r) => r.label === q.label).map((r) => r.plan.blocks);
    // A tenfold larger table adds a btree level now and then; growth with the data is far more.
    const grows = pages.length === SIZES.length && pages.at(-1)! > Math.max(3 * pages[0]!, pages[0]! + 50);
    lines.push(
      `${q.label}: pages touched per page query ${pages.join(' / ')} at ${SIZES.map((s) => s / 1000 + 'k').join(' / ')}: ${grows ? 'GROWS with the number of designs' : 'does not grow with the number of designs'}`,
    );
  }
  const all100k = rows.filter((r) => r.size === SIZES.at(-1));
  const allMet = all100k.every(
    (r) =>
      r.gallery.p95 !== null &&
      r.gallery.p95 < P95_TARGET_MS &&
      r.gallery.rps / r.baseline.rps >= RATIO_TARGET,
  );
  lines.push(`at ${SIZES.at(-1)} designs: ${allMet ? 'all targets met' : 'NOT all targets met'}`);
  return lines;
}
