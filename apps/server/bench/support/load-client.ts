/**
 * The load generator of the gallery benchmark, in its own process (forked by gallery.bench.ts)
 * so its event loop does not compete with the server's. It runs autocannon for each job it is
 * sent and answers with latency percentiles computed from every response time (autocannon's own
 * summary has no p95).
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  /** Requests per second over the run. */
  rps: number;
  /** Null when no response arrived within the run. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

function percentile(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function run(job: LoadJob): Promise<LoadResult> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: job.url, headers: job.headers, connections: job.connections, duration: job.seconds },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const sorted = Float64Array.from(times).sort();
        resolve({
          requests: times.length,
          rps: times.length / job.seconds,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          bytesPerResponse: times.length ? result.throughput.total / times.length : 0,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
