import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { galleryPageSchema } from '@camo/shared/community.schema';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '../scripts/seed/community-plan.js';
import { reusingProvider, seedCommunity, SEED_EMAIL_DOMAIN } from '../scripts/seed/seed-community.js';
import { compose, type AppContext } from '../src/compose.js';
import { createEngine } from '../src/engine/engine.js';
import { createEngineProvider } from '../src/generation/engine-provider.js';
import { loadConfig } from '../src/platform/config.js';
import { lockDataDirectory } from '../src/platform/db/data-dir-lock.js';
import { openDatabase } from '../src/platform/db/database.js';
import { storageKeys } from '../src/platform/storage.js';
import { backends, copyPgliteTemplate, freshPostgres } from './support/test-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Three scenes: six designs, enough to check every invariant without a long engine run. */
const SCENES = 3;
const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('npm run seed (%s)', (backend) => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let app: AppContext;
  let clock = new Date();
  const setClock = (at: Date) => (clock = at);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'camo-seed-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    });
    postgres = backend === 'postgres' ? await freshPostgres() : undefined;
    if (!postgres) copyPgliteTemplate(path.join(dataDir, 'db'));
    const database = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    );
    app = await compose({
      config,
      database,
      provider: reusingProvider(createEngineProvider(createEngine())),
      log: pino({ level: 'warn' }),
      now: () => new Date(clock.getTime()),
    });
  });
  afterAll(async () => {
    await app?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // PGlite and node-postgres both answer a raw query with `{ rows }`.
  const all = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await app.database.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const counts = async () =>
    (
      await all<{ users: number; designs: number; votes: number; comments: number; members: number }>(sql`
        select (select count(*)::int from users) as users,
               (select count(*)::int from designs) as designs,
               (select count(*)::int from votes) as votes,
               (select count(*)::int from comments) as comments,
               (select coalesce(max(count), 0)::int from member_count) as members`)
    )[0]!;

  it('creates people, submitted designs with their files, votes and comments; a second run adds nothing', async () => {
    const now = new Date();
    const first = await seedCommunity(app, { scenes: SCENES, setClock, now });
    expect(first).toMatchObject({ users: people.length, designs: SCENES * 2 });
    expect(first.votes).toBeGreaterThan(0);
    expect(first.comments).toBeGreaterThan(0);

    const after = await counts();
    expect(after).toMatchObject({
      users: people.length,
      designs: SCENES * 2,
      votes: first.votes,
      comments: first.comments,
      // The sign-up trigger counted every new person as a member.
      members: people.length,
    });
    const emails = await all<{ email: string }>(sql`select email from users`);
    expect(emails.every((u) => u.email.endsWith(`@${SEED_EMAIL_DOMAIN}`))).toBe(true);
    // Each person can be signed in with through the development provider's account chooser.
    const linked = await all<{ n: number }>(sql`
        select count(*)::int as n from users u
        join accounts a on a.user_id = u.id and a.provider_id = 'dev-oidc'
        join dev_accounts d on d.id = a.account_id and d.email = u.email`);
    expect(linked[0]!.n).toBe(people.length);

    const designs = await all<{
      id: string;
      user_id: string;
      status: string;
      name: string;
      vote_count: number;
      image_url: string;
      thumbnail_url: string;
      design_a_url: string;
      design_b_url: string;
      environment_photo_url: string;
      created_at: Date | string;
      submitted_at: Date | string;
      photo_created_at: Date | string;
      rows: number;
    }>(sql`
        select d.*, p.created_at as photo_created_at,
               (select count(*)::int from votes v where v.design_id = d.id) as rows
        from designs d join environment_photos p on p.id = d.environment_photo_id`);
    expect(designs).toHaveLength(SCENES * 2);
    const time = (value: Date | string) => new Date(value).getTime();
    for (const design of designs) {
      expect(design.status).toBe('submitted');
      expect(design.name).not.toBe('');
      expect(design.vote_count).toBe(design.rows);
      // Files at the spec's keys, in the month the photo was taken, all present in storage.
      const photoAt = new Date(time(design.photo_created_at));
      const month = `${photoAt.getUTCFullYear()}/${String(photoAt.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(design.design_a_url).toMatch(new RegExp(`^ai_gen/${month}/camo_design_.+_a\\.png$`));
      expect(design.environment_photo_url).toMatch(new RegExp(`^environment_photos/${month}/`));
      const keys = [
        design.image_url,
        design.thumbnail_url,
        design.design_a_url,
        design.design_b_url,
        storageKeys.thumbnail(design.design_a_url),
        design.environment_photo_url,
        storageKeys.displayVersion(design.environment_photo_url),
      ];
      for (const key of keys) expect(await app.storage.exists(key), key).toBe(true);
      expect(time(design.created_at)).toBeLessThan(time(design.submitted_at));
      expect(time(design.submitted_at)).toBeLessThan(now.getTime());
    }
    // Each design has its own files, even where the engine's work was reused.
    expect(new Set(designs.map((d) => d.image_url)).size).toBe(designs.length);
    const submitted = designs.map((d) => time(d.submitted_at));
    expect(Math.max(...submitted) - Math.min(...submitted)).toBeGreaterThan(30 * DAY);
    expect(Math.min(...submitted)).toBeGreaterThan(now.getTime() - 270 * DAY);

    const selfVotes = await all<{ n: number }>(sql`
        select count(*)::int as n from votes v join designs d on d.id = v.design_id where v.user_id = d.user_id`);
    expect(selfVotes[0]!.n).toBe(0);
    // Votes and comments are dated after the design was submitted and before now.
    const misdated = await all<{ n: number }>(sql`
        select (select count(*) from votes v join designs d on d.id = v.design_id
                 where v.created_at < d.submitted_at or v.created_at > now())::int
             + (select count(*) from comments c join designs d on d.id = c.design_id
                 where c.created_at < d.submitted_at or c.created_at > now())::int as n`);
    expect(misdated[0]!.n).toBe(0);
    // ... at their own times, not all at the moment of submission.
    const later = await all<{ n: number }>(sql`
        select count(*)::int as n from votes v join designs d on d.id = v.design_id
         where v.created_at > d.submitted_at + interval '1 hour'`);
    expect(later[0]!.n).toBeGreaterThan(0);

    // The gallery shows them, most popular first.
    const viewer = (await all<{ id: string }>(sql`select id from users limit 1`))[0]!.id;
    const page = galleryPageSchema.parse(JSON.parse(await app.gallery.pageJson({ sort: 'votes' }, viewer)));
    expect(page.designs).toHaveLength(SCENES * 2);
    const shown = page.designs.map((d) => d.voteCount);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));

    const second = await seedCommunity(app, { scenes: SCENES, setClock, now: new Date() });
    expect(second).toEqual({ users: 0, designs: 0, votes: 0, comments: 0 });
    expect(await counts()).toEqual(after);
  }, 300_000);
});

describe('npm run seed while the server runs', () => {
  it('refuses with a message when another process owns the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-seed-lock-'));
    const dbDir = path.join(dataDir, 'db');
    mkdirSync(dbDir, { recursive: true });
    const release = await lockDataDirectory(dbDir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('Cannot run `npm run seed` while the server is running');
      expect(output).toContain('Stop `npm start`');
    } finally {
      await release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
