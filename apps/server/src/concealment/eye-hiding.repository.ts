import { GAME_EYE } from '@camo/shared/concealment';
import { observers, viewingDistances } from '@camo/shared/concealment';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/database.js';
import { designHiding, designs, predictorFits } from '../platform/db/schema.js';
import { defaultWeights, hidingRank, type ActiveWeights, type Eye } from './prediction-scores.js';

/** Every eye and distance the pages offer, the gallery's "Hardest to spot" among them. */
export const allEyes: readonly Eye[] = observers.flatMap((observer) =>
  viewingDistances.map((distanceM) => ({ observer, distanceM })),
);

/** Designs ranked again per statement (each reads its final image's stored measures). */
const BATCH = 200;

/**
 * "Hardest to spot" at every eye and distance (issue 39): each design's group and rank per eye
 * in design_hiding, from its final image's stored measures and the weights in use, by the same
 * rule as the game's eye (prediction-scores.ts#hidingRank), whose row a round's end also writes
 * with the game's score (setGameEyeScore).
 */
export function createEyeHidingRepository(db: Db) {
  async function activeWeights(): Promise<ActiveWeights> {
    const [fit] = await db
      .select({ weights: predictorFits.weights })
      .from(predictorFits)
      .where(eq(predictorFits.status, 'fitted'))
      .orderBy(desc(predictorFits.fittedAt), desc(predictorFits.id))
      .limit(1);
    return fit?.weights ? { weights: fit.weights, calibrated: true } : defaultWeights;
  }

  /** Writes every eye's rank of these designs (none when they have no prediction of their final image). */
  async function rank(ids: string[], active: ActiveWeights): Promise<void> {
    if (ids.length === 0) return;
    const rows = await db
      .select({
        id: designs.id,
        concealmentScore: designs.concealmentScore,
        final: sql<DesignFinal>`${designs.concealmentPredictions} -> 'final'`,
      })
      .from(designs)
      .where(inArray(designs.id, ids));
    // The game's eye takes the game's score where it has one (hidingRank's rule), as the design row does.
    const values = rows.flatMap((design) =>
      design.final
        ? allEyes.map((eye) => {
            const r = hidingRank(design, design.final ?? undefined, active, eye);
            return { designId: design.id, ...eye, hidingGroup: r.group, hidingRank: r.rank, hidingSe: r.se };
          })
        : [],
    );
    if (values.length === 0) return;
    await db
      .insert(designHiding)
      .values(values)
      .onConflictDoUpdate({
        target: [designHiding.designId, designHiding.observer, designHiding.distanceM],
        set: {
          hidingGroup: sql`excluded.hiding_group`,
          hidingRank: sql`excluded.hiding_rank`,
          hidingSe: sql`excluded.hiding_se`,
        },
      });
  }

  return {
    /** Ranks these designs again at every eye, with the weights in use now. */
    async refresh(ids: string[]): Promise<void> {
      await rank(ids, await activeWeights());
    },

    /**
     * Ranks again every design with a prediction of its final image: all of them after a new
     * calibration, else only those missing an eye (made before the table, or whose write was lost).
     */
    async refreshAll(only: 'all' | 'missing'): Promise<number> {
      const active = await activeWeights();
      let after = '';
      let count = 0;
      for (;;) {
        const batch = await db
          .select({ id: designs.id })
          .from(designs)
          .where(
            and(
              isNotNull(designs.concealmentPredictions),
              sql`${designs.concealmentPredictions} ? 'final'`,
              sql`${designs.id} > ${after}`,
              only === 'missing'
                ? sql`(select count(*) from ${designHiding} h where h.design_id = ${designs.id}) < ${allEyes.length}`
                : undefined,
            ),
          )
          .orderBy(designs.id)
          .limit(BATCH);
        if (batch.length === 0) return count;
        await rank(
          batch.map((b) => b.id),
          active,
        );
        count += batch.length;
        after = batch.at(-1)!.id;
      }
    },
  };
}

type DesignFinal = Parameters<typeof hidingRank>[1] | null;

/** A round's end: the game's score is the design's rank at the game's eye (in the round's transaction). */
export async function setGameEyeScore(tx: Tx | Db, designId: string, score: number): Promise<void> {
  await tx
    .insert(designHiding)
    .values({ designId, ...GAME_EYE, hidingGroup: 2, hidingRank: score, hidingSe: null })
    .onConflictDoUpdate({
      target: [designHiding.designId, designHiding.observer, designHiding.distanceM],
      set: { hidingGroup: 2, hidingRank: score, hidingSe: null },
    });
}
