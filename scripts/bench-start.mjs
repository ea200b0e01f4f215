// `npm run bench:start [-- --repo DIR] [--runs N]`: how long `npm start` takes to serve its first
// page (the first 200 on /), in a checkout (this one by default; another commit's worktree with
// its own `npm ci` to compare). Each run times a first start (no web build, no server bundle,
// an empty data directory: a fresh clone) and then a second start with nothing changed, and
// prints the medians, with the CPU time the start took (user + system, the launcher and the
// server with its threads: what a loaded machine inflates least). The checkout's build outputs are removed for each first start: point it at
// a worktree nobody else is using.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './build-cache.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const repo = path.resolve(option('--repo', root));
const runs = Number(option('--runs', '3'));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by a process and its descendants (Linux /proc). */
function cpuSeconds(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [
        ...(children.get(parent) ?? []),
        { pid: Number(entry), ticks: Number(fields[11]) + Number(fields[12]) },
      ]);
    } catch {
      // gone meanwhile
    }
  }
  const own = (() => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  })();
  const below = (id) =>
    (children.get(id) ?? []).reduce((sum, child) => sum + child.ticks + below(child.pid), 0);
  return (own + below(pid)) / TICKS_PER_SECOND;
}

async function timeStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let ms = null;
  while (ms === null) {
    try {
      const response = await fetch(`http://localhost:${port}/`);
      await response.arrayBuffer();
      if (response.status === 200) {
        ms = performance.now() - started;
        cpu.push(cpuSeconds(child.pid));
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (ms === null) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGINT');
  await exited;
  return ms;
}

const cpu = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const first = [];
const second = [];
for (let run = 0; run < runs; run++) {
  for (const built of ['apps/web/dist', 'apps/server/.build'])
    rmSync(path.join(repo, built), { recursive: true, force: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-bench-start-'));
  first.push(await timeStart(dataDir));
  second.push(await timeStart(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `run ${run + 1}: first ${(first.at(-1) / 1000).toFixed(2)} s (${cpu.at(-2).toFixed(2)} s CPU), ` +
      `second ${(second.at(-1) / 1000).toFixed(2)} s (${cpu.at(-1).toFixed(2)} s CPU)`,
  );
}
console.log(
  `${repo}: first start ${(median(first) / 1000).toFixed(2)} s (${median(cpu.filter((_, i) => i % 2 === 0)).toFixed(2)} s CPU), ` +
    `second ${(median(second) / 1000).toFixed(2)} s (${median(cpu.filter((_, i) => i % 2 === 1)).toFixed(2)} s CPU) ` +
    `(medians of ${runs}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
);
