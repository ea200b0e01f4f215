import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compose } from '../src/compose.js';
import { createContestRepository } from '../src/contest/contest.repository.js';
import { createContestService, type ContestService } from '../src/contest/contest.service.js';
import { loadConfig } from '../src/platform/config.js';
import { type Database } from '../src/platform/db/database.js';
import { contestMonths, contestResults, designs } from '../src/platform/db/schema.js';
import { fileUrlBuilder } from '../src/platform/storage.js';
import { createVotesRepository } from '../src/votes/votes.repository.js';
import { createVotesService } from '../src/votes/votes.service.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, openTestDatabase } from './support/test-server.js';

const TZ = 'America/Phoenix';
/** Phoenix wall-clock time (UTC-7 all year) as an instant. */
const phx = (wall: string) => new Date(`${wall}-07:00`);

describe.each(backends)('the monthly contest on %s, with a controllable clock', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  let clock = new Date();
  let contest: ContestService;
  let vote: (designId: string, userId: string, at: Date) => Promise<void>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ database: db, drop } = await openTestDatabase(backend));
    const now = () => new Date(clock.getTime());
    contest = createContestService({
      repo: createContestRepository(db.db),
      fileUrl: fileUrlBuilder({ s3: undefined }),
      settings: { timeZone: TZ, minAccountAgeHours: 24 },
      now,
    });
    const votes = createVotesService(createVotesRepository(db.db), { now });
    vote = async (designId, userId, at) => {
      clock = at;
      expect((await votes.vote(designId, userId)).hasVoted).toBe(true);
    };

    const old = phx('2026-06-01T12:00:00');
    ids.alice = await createUser(db.db, { displayName: 'Alice', createdAt: old });
    ids.bob = await createUser(db.db, { displayName: 'Bob', createdAt: old });
    for (let i = 1; i <= 5; i++) ids[`v${i}`] = await createUser(db.db, { createdAt: old });
    // Joined on 20 September at 09:00: a vote the same day does not count, one two days later does.
    ids.newbie = await createUser(db.db, { createdAt: phx('2026-09-20T09:00:00') });

    const design = (key: string, userId: string, wall: string) =>
      createSubmittedDesign(db.db, { userId, name: key, submittedAt: phx(wall) }).then(
        (id) => (ids[key] = id),
      );
    // Before the first computed month: history, never an entry.
    await design('old', ids.alice, '2025-06-10T10:00:00');
    // August: a clear winner.
    await design('aug1', ids.alice, '2026-08-03T10:00:00');
    await design('aug2', ids.bob, '2026-08-04T10:00:00');
    // September: a tie, a new account's vote and a vote after the close.
    // sep2 was submitted first, so only the tie rule can put sep1 ahead.
    await design('sep2', ids.bob, '2026-09-02T10:00:00');
    await design('sep1', ids.alice, '2026-09-03T10:00:00');
    // October 31, 23:30 in Phoenix is already November in UTC: an October entry all the same.
    await design('oct1', ids.bob, '2026-10-31T23:30:00');
    // November 1, 00:10 in Phoenix: the open month's entry.
    await design('nov1', ids.alice, '2026-11-01T00:10:00');

    await vote(ids.aug1!, ids.v1!, phx('2026-08-05T10:00:00'));
    await vote(ids.aug1!, ids.v2!, phx('2026-08-06T10:00:00'));
    await vote(ids.aug1!, ids.v3!, phx('2026-08-07T10:00:00'));
    await vote(ids.aug2!, ids.v1!, phx('2026-08-05T11:00:00'));
    await vote(ids.aug2!, ids.v2!, phx('2026-08-06T11:00:00'));

    // Two counted votes each: sep1 reached its count on the 10th, sep2 on the 22nd, so sep1
    // wins the tie.
    await vote(ids.sep1!, ids.v1!, phx('2026-09-09T10:00:00'));
    await vote(ids.sep1!, ids.v2!, phx('2026-09-10T10:00:00'));
    await vote(ids.sep2!, ids.v3!, phx('2026-09-04T10:00:00'));
    // In the gallery these give sep1 four votes; in the contest neither counts.
    await vote(ids.sep1!, ids.newbie, phx('2026-09-20T18:00:00'));
    await vote(ids.sep1!, ids.v5!, phx('2026-10-01T00:30:00'));
    // The new account is old enough by the 22nd: this one counts.
    await vote(ids.sep2!, ids.newbie, phx('2026-09-22T10:00:00'));

    await vote(ids.oct1!, ids.v1!, phx('2026-10-31T23:45:00'));
    await vote(ids.nov1!, ids.v2!, phx('2026-11-02T10:00:00'));
  });
  afterAll(async () => drop());

  it('counts the open month live: entries, voters and standings', async () => {
    clock = phx('2026-10-31T23:50:00');
    const october = await contest.overview();
    expect(october.current).toMatchObject({ month: '2026-10', entries: 1, voters: 1 });
    expect(october.current.closesAt).toBe('2026-11-01T07:00:00.000Z');
    const standings = await contest.standings();
    expect(standings.month).toBe('2026-10');
    expect(standings.standings.map((s) => [s.name, s.countedVotes])).toEqual([['oct1', 1]]);
    expect(october.archive).toEqual([]);
  });

  it('records each ended month once, by counted votes, ties to the first to reach the count', async () => {
    clock = phx('2026-11-15T12:00:00');
    const first = await contest.closeDue();
    expect(first).toEqual([
      { month: '2026-08', recorded: true },
      { month: '2026-09', recorded: true },
      { month: '2026-10', recorded: true },
    ]);
    const results = async (month: string) =>
      (await contest.results(month)).results.map((r) => [r.name, r.rank, r.countedVotes]);
    expect(await results('2026-08')).toEqual([
      ['aug1', 1, 3],
      ['aug2', 2, 2],
    ]);
    // sep1: v1, v2 (its vote from a day-old account and the one after the close count in the
    // gallery only); sep2: v3 and the new account two days after it joined.
    expect(await results('2026-09')).toEqual([
      ['sep1', 1, 2],
      ['sep2', 2, 2],
    ]);
    expect(await results('2026-10')).toEqual([['oct1', 1, 1]]);
    const [sep1] = await db.db.select().from(designs).where(eq(designs.id, ids.sep1!));
    expect(sep1?.voteCount).toBe(4);

    const overview = await contest.overview();
    expect(overview.current).toMatchObject({ month: '2026-11', entries: 1, voters: 1 });
    expect(overview.archive.map((m) => [m.month, m.winner?.name, m.entries, m.voters])).toEqual([
      ['2026-10', 'oct1', 1, 1],
      ['2026-09', 'sep1', 2, 4],
      ['2026-08', 'aug1', 2, 3],
    ]);

    const club = await contest.trophyClub();
    expect(club.currentMonth).toBe('2026-11');
    expect(club.winners.map((w) => [w.month, w.designId ? w.patternName : 'seed'])).toEqual([
      ['2025-04', 'seed'],
      ['2025-05', 'seed'],
      ['2025-06', 'seed'],
      ['2025-07', 'seed'],
      ['2025-08', 'seed'],
      ['2026-08', 'aug1'],
      ['2026-09', 'sep1'],
      ['2026-10', 'oct1'],
    ]);
    expect(club.winners.at(-1)).toMatchObject({ designerName: 'Bob', voteCount: 1, designId: ids.oct1 });
  });

  it('changes nothing when recording again, and a rerun counts the same', async () => {
    clock = phx('2026-11-16T12:00:00');
    const snapshot = async () => ({
      months: await db.db.select().from(contestMonths).orderBy(contestMonths.month),
      results: await db.db.select().from(contestResults).orderBy(contestResults.month, contestResults.rank),
    });
    const before = await snapshot();
    expect(await contest.closeDue()).toEqual([]);
    expect(await contest.close('2026-09')).toMatchObject({ recorded: false, winnerDesignId: ids.sep1 });
    expect(await snapshot()).toEqual(before);

    // A vote cast now on a September entry does not reach September's result, even on a rerun.
    await vote(ids.sep2!, ids.v4!, phx('2026-11-16T12:00:00'));
    clock = phx('2026-11-16T12:05:00');
    expect(await contest.close('2026-09', { rerun: true })).toMatchObject({
      recorded: true,
      winnerDesignId: ids.sep1,
    });
    const after = await snapshot();
    expect(after.results).toEqual(before.results);
    expect(after.months.find((m) => m.month === '2026-09')?.closedAt).toEqual(clock);
  });

  it('records a month once when two closes run at the same time', async () => {
    clock = phx('2026-11-17T12:00:00');
    const outcomes = await Promise.all([
      contest.close('2026-08', { rerun: true }),
      contest.close('2026-08', { rerun: true }),
      contest.close('2026-08'),
    ]);
    expect(outcomes.every((o) => o.winnerDesignId === ids.aug1)).toBe(true);
    const rows = await db.db.select().from(contestResults).where(eq(contestResults.month, '2026-08'));
    expect(rows.map((r) => [r.rank, r.countedVotes]).sort()).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(
      (await contest.trophyClub()).winners.filter((w) => w.month === '2026-08').map((w) => w.designId),
    ).toEqual([ids.aug1]);
  });

  it("says on a design's page which of its votes count", async () => {
    clock = phx('2026-11-20T12:00:00');
    const entryOf = async (key: string) => {
      const [row] = await db.db.select().from(designs).where(eq(designs.id, ids[key]!));
      return (
        await contest.entryOf({
          id: row!.id,
          status: row!.status,
          submittedAt: row!.submittedAt!.toISOString(),
        })
      ).entry;
    };
    expect(await entryOf('sep1')).toEqual({
      month: '2026-09',
      closesAt: '2026-10-01T07:00:00.000Z',
      closed: true,
      rank: 1,
      won: true,
      countedVotes: 2,
      votesAfterClose: 1,
      newAccountVotes: 1,
    });
    expect(await entryOf('sep2')).toMatchObject({ rank: 2, won: false, countedVotes: 2, votesAfterClose: 1 });
    expect(await entryOf('nov1')).toMatchObject({
      month: '2026-11',
      closed: false,
      rank: null,
      countedVotes: 1,
    });
    expect(await entryOf('old')).toBeNull();
    expect((await contest.winsOf(ids.alice!)).wins.map((w) => w.month)).toEqual(['2026-09', '2026-08']);
    expect((await contest.winsOf(ids.bob!)).wins.map((w) => w.month)).toEqual(['2026-10']);
  });

  it('refuses to close a month that has not ended, or one of the seeded history', async () => {
    clock = phx('2026-11-30T23:59:30');
    await expect(contest.close('2026-11')).rejects.toThrow(/has not closed yet/);
    // Within the grace after the end, a vote begun before midnight may still be committing.
    clock = phx('2026-12-01T00:00:30');
    await expect(contest.close('2026-11')).rejects.toThrow(/has not closed yet/);
    await expect(contest.close('2025-08')).rejects.toThrow(/not a month decided by votes/);
    await expect(contest.results('2026-11')).rejects.toThrow(/No results/);
  });
});

describe.each(backends)('a contest close missed while the server was down, on %s', (backend) => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is caught up when the server starts', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'camo-contest-'));
    const { database, drop } = await openTestDatabase(backend);
    const designer = await createUser(database.db, { createdAt: phx('2026-01-01T00:00:00') });
    const voter = await createUser(database.db, { createdAt: phx('2026-01-01T00:00:00') });
    const entry = await createSubmittedDesign(database.db, {
      userId: designer,
      submittedAt: phx('2026-09-10T10:00:00'),
    });
    await createSubmittedDesign(database.db, { userId: voter, submittedAt: phx('2026-10-02T10:00:00') });
    let clock = phx('2026-09-12T10:00:00');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    });
    // The server was down from September until 5 October: nothing closed September.
    const app = await compose({
      config,
      database,
      log: pino({ level: 'silent' }),
      now: () => new Date(clock.getTime()),
    });
    try {
      await app.votes.vote(entry, voter);
      clock = phx('2026-10-05T08:00:00');
      expect(await database.db.select().from(contestMonths)).toEqual([]);
      await app.startWorkers();
      // The catch-up is a job sent at start: September is recorded once the worker has run it.
      await expect
        .poll(
          async () =>
            (await database.db.select().from(contestMonths)).map((m) => [
              m.month,
              m.winnerDesignId,
              m.entries,
              m.voters,
            ]),
          { timeout: 20_000, interval: 200 },
        )
        .toEqual([['2026-09', entry, 1, 1]]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
