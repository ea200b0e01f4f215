import { GAME_EYE } from '@camo/shared/concealment';
import type { ConcealmentMeasures } from '@camo/camo-engine';
import { galleryPageSchema } from '@camo/shared/community.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcealmentRepository } from '../src/concealment/concealment.repository.js';
import { setGameEyeScore } from '../src/concealment/eye-hiding.repository.js';
import { hidingRank, defaultWeights, type DesignPredictions } from '../src/concealment/prediction-scores.js';
import { createGalleryRepository } from '../src/gallery/gallery.repository.js';
import { createGalleryService } from '../src/gallery/gallery.service.js';
import type { Database } from '../src/platform/db/database.js';
import { designHiding, designs } from '../src/platform/db/schema.js';
import type { StoredEye } from '../src/platform/db/types.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, openTestDatabase } from './support/test-server.js';

/** Measures that hide well (little contrast, false edges) and that give a target away. */
const hides: ConcealmentMeasures = {
  colourContrast: 2,
  luminanceContrast: 2,
  gabrat: 0.5,
  textureDifference: 0.1,
};
const shows: ConcealmentMeasures = {
  colourContrast: 20,
  luminanceContrast: 25,
  gabrat: 0.15,
  textureDifference: 1,
};
const middling: ConcealmentMeasures = {
  colourContrast: 8,
  luminanceContrast: 8,
  gabrat: 0.3,
  textureDifference: 0.4,
};

/** Five samples around a measure set: `spread` in colour contrast, so figures near each other cannot be told apart. */
function samplesAround(m: ConcealmentMeasures, spread: number): ConcealmentMeasures[] {
  return [-2, -1, 0, 1, 2].map((k) => ({ ...m, colourContrast: m.colourContrast + k * spread }));
}

function prediction(
  at: (observer: string, distanceM: number) => ConcealmentMeasures[] | null,
): DesignPredictions {
  const eyes: StoredEye[] = [];
  for (const observer of ['deer', 'person'] as const)
    for (const distanceM of [10, 25, 50, 100]) {
      const samples = at(observer, distanceM);
      eyes.push(
        samples
          ? { observer, distanceM, measures: samples[Math.floor(samples.length / 2)]!, samples }
          : { observer, distanceM, measures: null, outOfRange: 'too-small' },
      );
    }
  return { final: { imageKey: 'k', eyes } };
}

/**
 * "Hardest to spot" at the eye a person chose (issue 39): design_hiding holds every design's group
 * and rank per eye, written with its predictions; the gallery's keyset pages follow that order,
 * the game's score counts at its own eye only, ties share a place, and designs not yet
 * predicted are counted as still being measured.
 */
describe.each(backends)('the gallery ordered by the chosen eye (%s)', (backend) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('orders, pages, places and counts by the chosen eye', async () => {
    const db = database.db;
    const state = 'MT';
    const owner = await createUser(db, {});
    const concealment = createConcealmentRepository(db);
    const t0 = Date.UTC(2026, 5, 1);
    const design = async (name: string, minutes: number) =>
      createSubmittedDesign(db, { userId: owner, state, name, submittedAt: new Date(t0 + minutes * 60_000) });

    // Near the deer's ground colours but bold to a person, and the other way round.
    const forDeer = await design('For deer', 1);
    const forPeople = await design('For people', 2);
    // Two designs a deer at 25 m cannot tell apart (wide samples, near means), and a third far below.
    const tieA = await design('Tie A', 3);
    const tieB = await design('Tie B', 4);
    const measuredByGame = await design('Measured', 5);
    const pending = await design('Not yet predicted', 6);

    const write = async (id: string, predictions: DesignPredictions) => {
      const [row] = await db.select({ s: designs.concealmentScore }).from(designs).where(eq(designs.id, id));
      await concealment.setPredictions(
        id,
        predictions,
        hidingRank({ concealmentScore: row!.s }, predictions.final, defaultWeights),
      );
    };
    await write(
      forDeer,
      prediction((o) => samplesAround(o === 'deer' ? hides : shows, 0.2)),
    );
    await write(
      forPeople,
      prediction((o) => samplesAround(o === 'person' ? hides : shows, 0.2)),
    );
    await write(
      tieA,
      prediction((_, d) => (d === 100 ? null : samplesAround(middling, 6))),
    );
    await write(
      tieB,
      prediction((_, d) => (d === 100 ? null : samplesAround({ ...middling, colourContrast: 8.5 }, 6))),
    );
    await write(
      measuredByGame,
      prediction(() => samplesAround(shows, 0.2)),
    );
    // The game measured it: 14 s hidden, at its own eye only.
    await db
      .update(designs)
      .set({ concealmentScore: 14, hidingGroup: 2, hidingRank: 14 })
      .where(eq(designs.id, measuredByGame));
    await setGameEyeScore(db, measuredByGame, 14);

    // Every predicted design has a row per eye (8); the pending one none.
    const rows = await db.select().from(designHiding);
    const mine = (id: string) => rows.filter((r) => r.designId === id);
    for (const id of [forDeer, forPeople, tieA, tieB, measuredByGame]) expect(mine(id)).toHaveLength(8);
    expect(mine(pending)).toHaveLength(0);
    expect(mine(tieA).find((r) => r.distanceM === 100)?.hidingGroup).toBe(0);

    const gallery = createGalleryService(
      createGalleryRepository(db),
      (key) => (key ? `/files/${key}` : null),
      { votedAmong: async () => [] },
      { cacheMs: 5_000, contestTimeZone: 'America/Denver' },
    );
    // Every card of an eye's order, two a page, following nextCursor.
    const all = async (observer: 'deer' | 'person', distance: number) => {
      const cards = [];
      let cursor: string | undefined;
      let measuring: number | undefined;
      for (let n = 0; n < 10; n += 1) {
        const body = galleryPageSchema.parse(
          JSON.parse(await gallery.pageJson({ sort: 'hiding', state, observer, distance, cursor }, 'viewer')),
        );
        if (!cursor) measuring = body.measuring;
        cards.push(...body.designs);
        if (!body.nextCursor) break;
        cursor = body.nextCursor;
      }
      return { cards, measuring };
    };

    const deer = await all('deer', 25);
    const names = (list: typeof deer.cards) => list.map((c) => c.name);
    expect(deer.cards).toHaveLength(6);
    expect(new Set(deer.cards.map((c) => c.id)).size).toBe(6);
    expect(names(deer.cards)[0]).toBe('For deer');
    expect(names(deer.cards).at(-1)).toBe('Not yet predicted');
    expect(deer.measuring).toBe(1);
    const byName = (list: typeof deer.cards, name: string) => list.find((c) => c.name === name)!;
    // The game's score does not count for a deer: its card is the deer's prediction.
    expect(byName(deer.cards, 'Measured').hiding?.source).toBe('predicted');
    expect(byName(deer.cards, 'Measured').hidingAt).toMatchObject({ observer: 'deer', distanceM: 25 });
    // The tied pair share their place; the design first is first for certain.
    const a = byName(deer.cards, 'Tie A').hidingAt!.place!;
    const b = byName(deer.cards, 'Tie B').hidingAt!.place!;
    expect(a).toEqual(b);
    expect(a.to).toBeGreaterThan(a.from);
    expect(byName(deer.cards, 'For deer').hidingAt!.place).toEqual({ from: 1, to: 1 });
    expect(byName(deer.cards, 'Not yet predicted').hidingAt).toMatchObject({ pending: true, place: null });
    expect(byName(deer.cards, 'Not yet predicted').hiding).toBeNull();

    const person = await all('person', 10);
    // The game's eye: the measured design leads (seconds, group 2), then the person's best.
    expect(names(person.cards).slice(0, 2)).toEqual(['Measured', 'For people']);
    expect(byName(person.cards, 'Measured').hiding).toMatchObject({ source: 'measured', value: 14 });
    expect(names(person.cards).indexOf('For deer')).toBeGreaterThan(
      names(person.cards).indexOf('For people'),
    );

    // Out of range at 100 m: the tied pair fall to the bottom with the pending design, unplaced.
    const far = await all('deer', 100);
    expect(names(far.cards).slice(-3).sort()).toEqual(['Not yet predicted', 'Tie A', 'Tie B']);
    expect(byName(far.cards, 'Tie A').hidingAt).toMatchObject({ pending: false, place: null });

    // A cursor of one eye's order does not continue another's.
    const first = galleryPageSchema.parse(
      JSON.parse(await gallery.pageJson({ sort: 'hiding', state, observer: 'deer', distance: 25 }, 'v')),
    );
    expect(first.nextCursor).toBeNull(); // six designs fit a page of twelve
    const repo = createGalleryRepository(db);
    const twoByTwo = [];
    let after;
    for (;;) {
      const page = await repo.page({ sort: 'hiding', state, eye: GAME_EYE, after, limit: 2 });
      twoByTwo.push(...page.map((r) => r.name));
      const last = page.at(-1);
      if (page.length < 2 || !last) break;
      after = {
        voteCount: last.voteCount,
        score: last.eyeRank,
        group: last.eyeGroup,
        submittedAt: last.submittedAtKey,
        id: last.id,
      };
    }
    expect(twoByTwo).toEqual(names(person.cards));
  });

  it('fills the eyes a design is missing when a calibration run is recorded (the backfill)', async () => {
    const db = database.db;
    const owner = await createUser(db, {});
    const id = await createSubmittedDesign(db, { userId: owner, state: 'ID' });
    const stored = prediction(() => samplesAround(middling, 1));
    await db
      .update(designs)
      .set({ concealmentPredictions: stored, hidingGroup: 1, hidingRank: 50 })
      .where(eq(designs.id, id));
    expect(await db.select().from(designHiding).where(eq(designHiding.designId, id))).toHaveLength(0);
    await createConcealmentRepository(db).addFit({
      fittedAt: new Date(),
      status: 'too-few-rounds',
      rounds: 0,
      designs: 0,
      weights: null,
      pairwiseAgreement: null,
      spearman: null,
      comparedDesigns: 0,
    });
    const rows = await db.select().from(designHiding).where(eq(designHiding.designId, id));
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.hidingGroup === 1 && r.hidingSe !== null)).toBe(true);
  });

  it("keeps the final image's prediction when a job that measured only A and B ends after it", async () => {
    const db = database.db;
    const owner = await createUser(db, {});
    const id = await createSubmittedDesign(db, { userId: owner, state: 'UT' });
    const repo = createConcealmentRepository(db);
    const full = prediction(() => samplesAround(hides, 0.2));
    const rank = hidingRank({ concealmentScore: -1 }, full.final, defaultWeights);
    // The job run at submission (A, B and the final image) ends first...
    await repo.setPredictions(id, { A: full.final, B: full.final, final: full.final }, rank);
    // ...then the one started at generation, which saw no final image.
    await repo.setPredictions(id, { A: full.final, B: full.final }, { group: 0, rank: -1 });
    const [row] = await db
      .select({ p: designs.concealmentPredictions, g: designs.hidingGroup, r: designs.hidingRank })
      .from(designs)
      .where(eq(designs.id, id));
    expect(row?.p?.final?.imageKey).toBe('k');
    expect(row?.g).toBe(1);
    expect(row?.r).toBeCloseTo(rank.rank, 2);
    const eyes = await db.select().from(designHiding).where(eq(designHiding.designId, id));
    expect(eyes.filter((e) => e.hidingGroup === 1)).toHaveLength(8);
  });
});
