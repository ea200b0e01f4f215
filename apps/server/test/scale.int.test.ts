import type { Generation } from '@camo/shared/generation.schema';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './support/cluster.js';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { waitFor } from './support/server-process.js';

const GENERATIONS = 20;

/** A client that sends one person's requests (their cookies, the site's Origin) to one process. */
function direct(client: Client, origin: string, port: number): Client {
  const base = `http://localhost:${port}`;
  const other = createClient(origin, client.jar);
  return {
    ...other,
    fetch: (path, init) => other.fetch(new URL(path, base).toString(), init),
    json: (path, init) => other.json(new URL(path, base).toString(), init),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'scale-out: two API processes and two workers on PostgreSQL and S3, behind a balancer',
  () => {
    let cluster: Cluster;
    let db: pg.Client;
    let alice: Client;
    let bob: Client;

    beforeAll(async () => {
      cluster = await startCluster({
        apis: 2,
        workers: 2,
        // [slow] in a description holds each design 4 s in the generator, so a kill lands mid-job.
        env: { FAULT_INJECTION: 'true', GENERATION_DAILY_QUOTA: '50', WORKER_CONCURRENCY: '2' },
      });
      db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
    }, 240_000);
    afterAll(async () => {
      await db?.end();
      await cluster?.stop();
    }, 60_000);

    it('signs people in across processes: the development provider and the sessions are shared', async () => {
      const before = [...cluster.routed];
      alice = await signIn(cluster.origin, { name: 'Alice Scale', email: 'alice-scale@example.com' });
      bob = await signIn(cluster.origin, { name: 'Bob Scale', email: 'bob-scale@example.com' });
      // Each sign-in is a dozen requests, alternating between the two processes.
      expect(cluster.routed[0]! - before[0]!).toBeGreaterThan(5);
      expect(cluster.routed[1]! - before[1]!).toBeGreaterThan(5);
      for (const api of cluster.apis) {
        const me = await direct(alice, cluster.origin, api.port!).json<{ displayName: string }>('/api/me');
        expect(me.status).toBe(200);
        expect(me.body.displayName).toBe('Alice Scale');
      }
    }, 60_000);

    it('counts one address against one API rate limit across processes', async () => {
      const [one, two] = cluster.apis.map((api) => direct(alice, cluster.origin, api.port!));
      const remaining = async (client: Client) =>
        Number((await client.fetch('/api/contest')).headers.get('x-ratelimit-remaining'));
      const minute = () => Math.floor(Date.now() / 60_000);
      /**
       * How many of the second process's 20 requests the first counts, or null when the minute the
       * shared counts are kept in ended meanwhile (its budget then starts again).
       */
      const countedAcross = async (): Promise<number | null> => {
        const began = minute();
        const start = await remaining(one!);
        for (let i = 0; i < 20; i++) await remaining(two!);
        // No sleeping through the flushes (each process reports its hits and reads the others'
        // about once a second): ask the first process until its count takes in the second's 20,
        // less its own requests meanwhile, which it counts exactly.
        let own = 0;
        let after = start;
        await waitFor(async () => {
          after = await remaining(one!);
          own += 1;
          return minute() !== began || start - after - own >= 20;
        }, 30_000);
        return minute() === began ? start - after - own : null;
      };
      // A minute that ends during the count is counted again in the next, not waited out.
      const counted = (await countedAcross()) ?? (await countedAcross());
      // Alone, the first process would have counted only its own `own` requests more; it counts
      // the other 20 too.
      expect(counted).toBeGreaterThanOrEqual(20);
    }, 150_000);

    it(`runs ${GENERATIONS} generations through both APIs; a worker killed mid-job loses nothing and duplicates nothing`, async () => {
      const photoIds: string[] = [];
      for (let i = 0; i < GENERATIONS; i++) {
        const client = i % 2 === 0 ? alice : bob;
        const started = await upload(client, forestJpeg(), {
          description: i < 6 ? `Scale woods ${i} [slow]` : `Scale woods ${i}`,
          state: i % 3 === 0 ? 'TX' : 'AZ',
        });
        expect(started.status).toBe(202);
        photoIds.push(started.body.photoId!);
      }

      // Progress reaches a browser connected to either process, whichever worker runs the job.
      const watched = photoIds[1]!;
      const stream = direct(bob, cluster.origin, cluster.apis[1]!.port!).fetch(
        `/api/generations/${watched}/events`,
      );

      // Kill a worker (kill -9, no chance to clean up) while it holds jobs.
      await waitFor(async () => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from environment_photos where status = 'processing'`,
        );
        return rows[0]!.n >= 3;
      }, 120_000);
      const victim = cluster.workers[0]!;
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toBeNull();

      const results: Generation[] = [];
      for (const [i, photoId] of photoIds.entries()) {
        results.push(await waitForGeneration(i % 2 === 0 ? alice : bob, photoId, 240_000));
      }
      expect(results.map((r) => r.status)).toEqual(photoIds.map(() => 'completed'));
      expect(results.map((r) => r.outcome)).toEqual(photoIds.map(() => 'both'));

      const events = await (await stream).text();
      expect(events).toContain('"status":"processing"');
      expect(events).toContain('"status":"completed"');

      // One design per generation, each with all its files in the store.
      const designs = await db.query<{
        environment_photo_id: string;
        design_a_url: string;
        design_b_url: string;
        design_a_thumbnail_url: string;
        design_b_thumbnail_url: string;
        environment_photo_url: string;
      }>(
        `select environment_photo_id, design_a_url, design_b_url, design_a_thumbnail_url,
                design_b_thumbnail_url, environment_photo_url
           from designs where environment_photo_id = any($1)`,
        [photoIds],
      );
      expect(designs.rows.map((d) => d.environment_photo_id).sort()).toEqual([...photoIds].sort());
      for (const d of designs.rows) {
        for (const key of [
          d.design_a_url,
          d.design_b_url,
          d.design_a_thumbnail_url,
          d.design_b_thumbnail_url,
          d.environment_photo_url,
        ]) {
          const file = await fetch(`${cluster.s3Endpoint}/${cluster.bucket}/${key}`, { method: 'HEAD' });
          expect(file.status, key).toBe(200);
        }
      }
      // Every job ended once, completed, however many times it ran.
      const jobs = await db.query<{ id: string; state: string }>(
        `select id::text, state::text from pgboss.job where name = 'generate-designs' and id::text = any($1)`,
        [photoIds],
      );
      expect(jobs.rows.map((j) => j.id).sort()).toEqual([...photoIds].sort());
      expect(new Set(jobs.rows.map((j) => j.state))).toEqual(new Set(['completed']));
      const photos = await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from environment_photos group by status`,
      );
      expect(photos.rows).toEqual([{ status: 'completed', n: GENERATIONS }]);
      // The surviving worker took over the killed one's jobs.
      expect(cluster.workers[1]!.output()).toContain('worker started');
    }, 420_000);
  },
);
