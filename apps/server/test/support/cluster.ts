import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { waitFor } from './server-process.js';
import { freePort, freshPostgres } from './test-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  port?: number;
  output(): string;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** The address people use: a round-robin balancer over the API processes (PUBLIC_URL). */
  origin: string;
  /** Each API process directly. */
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  /** The S3 endpoint files are served from (s3rver). */
  s3Endpoint: string;
  bucket: string;
  databaseUrl: string;
  /** Requests the balancer sent to each API process, by index. */
  routed: number[];
  startWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

/**
 * The scale-out shape on one machine: PostgreSQL (a fresh database on TEST_DATABASE_URL's
 * server), an S3-compatible store (s3rver), `apis` processes of `npm run start:api` and
 * `workers` of `npm run worker`, each with its own data directory as on its own host, and a
 * round-robin balancer in front so that consecutive requests of one person land on different
 * processes. Configuration only: the same code as the embedded default.
 */
export async function startCluster(options: {
  apis: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const postgres = await freshPostgres();
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'camo-cluster-s3-'));
  const s3Port = await freePort();
  const s3rver = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir });
  await s3rver.run();
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const bucket = 'camo-cluster';
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  s3.destroy();

  const lbPort = await freePort();
  const origin = `http://localhost:${lbPort}`;
  const dirs: string[] = [s3Dir];
  const shared = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: postgres.url,
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: origin,
    ...options.env,
  };

  const all: ClusterProcess[] = [];
  const start = (name: string, args: string[], port?: number): ClusterProcess => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `camo-cluster-${name}-`));
    dirs.push(dataDir);
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...shared,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        ...(port ? { PORT: String(port) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const proc = { name, child, port, output: () => output, exited };
    all.push(proc);
    return proc;
  };

  const apis: ClusterProcess[] = [];
  for (let i = 0; i < options.apis; i++) {
    apis.push(start(`api${i + 1}`, ['src/main.ts', '--api'], await freePort()));
  }
  const workers: ClusterProcess[] = [];
  let workerCount = 0;
  const startWorker = async () => {
    const worker = start(`worker${++workerCount}`, ['src/worker.ts']);
    workers.push(worker);
    await waitFor(() => worker.output().includes('worker started'), 90_000);
    return worker;
  };
  // The first process migrates the database; the others start once it has.
  await waitFor(() => apis[0]!.output().includes('is ready: open'), 90_000);
  await Promise.all(
    apis.slice(1).map((api) => waitFor(() => api.output().includes('is ready: open'), 90_000)),
  );
  for (let i = 0; i < options.workers; i++) await startWorker();

  const routed = apis.map(() => 0);
  let next = 0;
  const balancer = http.createServer((req, res) => {
    const index = next++ % apis.length;
    routed[index]! += 1;
    const upstream = http.request(
      { host: '127.0.0.1', port: apis[index]!.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => balancer.listen(lbPort, resolve));

  return {
    origin,
    apis,
    workers,
    s3Endpoint,
    bucket,
    databaseUrl: postgres.url,
    routed,
    startWorker,
    async stop() {
      balancer.closeAllConnections();
      await new Promise((resolve) => balancer.close(resolve));
      for (const proc of all) proc.child.kill('SIGTERM');
      await Promise.all(
        all.map((proc) =>
          Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]).then(() =>
            proc.child.kill('SIGKILL'),
          ),
        ),
      );
      await s3rver.close();
      await postgres.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
