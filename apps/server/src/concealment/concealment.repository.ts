import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { chosenImageColumns, communityVisible } from '../designs/design-queries.repository.js';
import { designs, huntRounds, predictorFits, users } from '../platform/db/schema.js';
import { ANSWERED } from '../hunt/hunt.repository.js';
import type { DesignPredictions, RoundMeasures, StoredEye } from '../platform/db/types.js';
import { createEyeHidingRepository } from './eye-hiding.repository.js';
import { PREDICTION_VERSION } from './prediction-scores.js';

export type PredictorFitRow = typeof predictorFits.$inferSelect;

export function createConcealmentRepository(db: Db) {
  const eyes = createEyeHidingRepository(db);
  const designFields = {
    id: designs.id,
    userId: designs.userId,
    status: designs.status,
    environmentPhotoUrl: designs.environmentPhotoUrl,
    ...chosenImageColumns,
    concealmentScore: designs.concealmentScore,
    huntAnswered: designs.huntAnswered,
    predictions: designs.concealmentPredictions,
    repeatCm: designs.repeatCm,
  };

  return {
    async design(id: string) {
      const [row] = await db.select(designFields).from(designs).where(eq(designs.id, id));
      return row ?? null;
    },

    /**
     * Keeps a design's predictions and its place in "Hardest to spot". The rank is written only
     * while the game has no score of its own (a round's end writes that one, in its transaction),
     * and at every other eye and distance (design_hiding, issue 39). The images are merged into
     * those stored, and the rank (which is the final image's) written only with a final image:
     * a job that measured A and B at generation and ends after the one run at submission must not
     * take away the final image's prediction, which would leave the design "measuring..." for good.
     */
    async setPredictions(id: string, predictions: DesignPredictions, rank: { group: number; rank: number }) {
      await db
        .update(designs)
        .set({
          concealmentPredictions: sql`coalesce(${designs.concealmentPredictions}, '{}'::jsonb) || ${JSON.stringify(predictions)}::jsonb`,
          ...(predictions.final
            ? {
                hidingGroup: sql`case when ${designs.concealmentScore} >= 0 then ${designs.hidingGroup} else ${rank.group} end`,
                hidingRank: sql`case when ${designs.concealmentScore} >= 0 then ${designs.hidingRank} else ${rank.rank}::real end`,
              }
            : {}),
        })
        .where(eq(designs.id, id));
      await eyes.refresh([id]);
    },

    /**
     * Adds dawn or dusk's eyes (decision 034) to one image's prediction, in one statement that
     * changes it only while it is still that image's at this version and repeat without them: a daylight job
     * that measured another image since, or a second dusk job, leaves it as it is.
     */
    async addDuskEyes(
      id: string,
      variant: 'A' | 'B' | 'final',
      imageKey: string,
      repeatCm: number,
      eyes: StoredEye[],
    ) {
      const stored = sql`${designs.concealmentPredictions} -> ${variant}`;
      await db
        .update(designs)
        .set({
          concealmentPredictions: sql`jsonb_set(${designs.concealmentPredictions}, array[${variant}, 'eyes']::text[], (${stored} -> 'eyes') || ${JSON.stringify(eyes)}::jsonb)`,
        })
        .where(
          and(
            eq(designs.id, id),
            sql`${stored} ->> 'imageKey' = ${imageKey}`,
            sql`(${stored} ->> 'version')::int = ${PREDICTION_VERSION}`,
            sql`coalesce((${stored} ->> 'repeatCm')::int, ${DEFAULT_REPEAT_CM}) = ${repeatCm}`,
            sql`not ((${stored} -> 'eyes') @> '[{"light":"twilight"}]'::jsonb)`,
          ),
        );
    },

    /** Designs with images but no prediction of the image people see (the backfill). */
    async unpredicted(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: designs.id })
        .from(designs)
        .where(
          and(
            inArray(designs.status, ['submitted', 'pending_selection']),
            isNotNull(designs.designAUrl),
            isNotNull(designs.environmentPhotoUrl),
            sql`(${designs.concealmentPredictions} is null or (${designs.status} = 'submitted' and not (${designs.concealmentPredictions} ? 'final')) or coalesce((${designs.concealmentPredictions} -> 'A' ->> 'version')::int, 1) < ${PREDICTION_VERSION})`,
          ),
        )
        .orderBy(desc(designs.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Submitted designs with their predictions: those the game has scored (what a calibration is
     * judged on), or those it has not (ranked again by a new calibration).
     */
    async submittedWithPredictions(scored: boolean) {
      return db
        .select({
          id: designs.id,
          concealmentScore: designs.concealmentScore,
          predictions: designs.concealmentPredictions,
        })
        .from(designs)
        .where(
          and(
            communityVisible,
            scored ? gte(designs.concealmentScore, 0) : lt(designs.concealmentScore, 0),
            isNotNull(designs.concealmentPredictions),
          ),
        );
    },

    async setRank(id: string, rank: { group: number; rank: number }) {
      await db
        .update(designs)
        .set({ hidingGroup: rank.group, hidingRank: rank.rank })
        .where(and(eq(designs.id, id), lt(designs.concealmentScore, 0)));
    },

    /**
     * Answered rounds, newest first, with what is needed to measure them again, who played them
     * and when their account was made (the age gate, decision 026).
     */
    async answeredRounds(limit: number) {
      return db
        .select({
          id: huntRounds.id,
          // Gallery designs' rounds (the where below): a bred design's are its ground's (breeding/).
          designId: sql<string>`${huntRounds.designId}`,
          playerId: huntRounds.playerId,
          playedAt: huntRounds.createdAt,
          accountCreatedAt: users.createdAt,
          photoKey: huntRounds.photoKey,
          silhouette: huntRounds.silhouette,
          x: huntRounds.x,
          y: huntRounds.y,
          size: huntRounds.size,
          rotation: huntRounds.rotation,
          width: huntRounds.width,
          status: huntRounds.status,
          elapsedMs: huntRounds.elapsedMs,
          measures: huntRounds.measures,
          scene: huntRounds.scene,
        })
        .from(huntRounds)
        .innerJoin(users, eq(users.id, huntRounds.playerId))
        .where(
          and(
            inArray(huntRounds.status, [...ANSWERED]),
            isNotNull(huntRounds.elapsedMs),
            isNotNull(huntRounds.designId),
          ),
        )
        .orderBy(desc(huntRounds.endedAt))
        .limit(limit);
    },

    async setRoundMeasures(id: string, measures: RoundMeasures) {
      await db
        .update(huntRounds)
        .set({ measures })
        .where(and(eq(huntRounds.id, id), isNull(huntRounds.measures)));
    },

    /** The latest calibration run, or the latest that fitted (the weights in use). */
    async latestFit(status?: 'fitted'): Promise<PredictorFitRow | null> {
      const [row] = await db
        .select()
        .from(predictorFits)
        .where(status ? eq(predictorFits.status, status) : undefined)
        .orderBy(desc(predictorFits.fittedAt), desc(predictorFits.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Keeps a calibration run. A fit in use ranks every design again at every eye (design_hiding;
     * the game's eye on the design row is setRank's); any run fills the eyes a design is missing,
     * so the calibration at start is the per-eye order's backfill.
     */
    async addFit(fit: typeof predictorFits.$inferInsert) {
      await db.insert(predictorFits).values(fit);
      await eyes.refreshAll(fit.status === 'fitted' && fit.weights ? 'all' : 'missing');
    },
  };
}

export type ConcealmentRepository = ReturnType<typeof createConcealmentRepository>;
