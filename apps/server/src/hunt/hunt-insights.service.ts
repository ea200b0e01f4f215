import {
  HUNT_MIN_ROUNDS_FOR_SCORE,
  HUNT_TIME_LIMIT_MS,
  type BestHiding,
  type Concealment,
  type HuntBoard,
  type HuntInsights,
  type HuntPlayer,
} from '@camo/shared/hunt.schema';
import { messages } from '@camo/shared/messages';
import { weighPlayers } from '@camo/shared/players';
import { kaplanMeier } from '@camo/shared/survival';
import { canView } from '../designs/design-policy.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import { median, spearman } from './hunt-statistics.js';
import type { HuntRepository } from './hunt.repository.js';

/** What the rounds say: a design's concealment, a player's record, the board, the insights. */
export function createHuntInsightsService(deps: {
  repo: HuntRepository;
  /** The contest's calendar, for the Trophy Club's best-hiding months. */
  contestTimeZone: string;
  fileUrl: FileUrl;
  now?: () => Date;
}) {
  const { repo, contestTimeZone, fileUrl } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async concealment(designId: string, viewerId: string): Promise<Concealment> {
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
      // The rounds its score counts, weighed as the score weighs them (decision 026).
      const rounds = await repo.answeredForDesign(designId);
      const weighing = weighPlayers(rounds.map((r) => r.playerId));
      const km = kaplanMeier(
        rounds.map((r, i) => ({
          ms: r.elapsedMs ?? 0,
          found: r.status === 'found',
          weight: weighing.enough ? weighing.weights[i] : 1,
        })),
        HUNT_TIME_LIMIT_MS,
      );
      return {
        rounds: km.rounds,
        found: km.found,
        foundShare: km.foundShare,
        medianMs: km.medianMs,
        meanHiddenMs: km.meanHiddenMs,
        scored: km.rounds >= HUNT_MIN_ROUNDS_FOR_SCORE && weighing.enough,
        curve: km.curve,
      };
    },

    async player(playerId: string): Promise<HuntPlayer> {
      const rounds = await repo.answeredByPlayer(playerId);
      const found = rounds.filter((r) => r.status === 'found').map((r) => r.elapsedMs ?? 0);
      return {
        rounds: rounds.length,
        found: found.length,
        hitRate: rounds.length ? found.length / rounds.length : 0,
        medianMs: median(found),
      };
    },

    /**
     * Over every design with a score, the score beside the engine's measures, and how well each
     * measure predicts it (Spearman's rank correlation): which of them tell hiding.
     */
    async insights(): Promise<HuntInsights> {
      const rows = await repo.scoredWithMeasures(500);
      const points = rows.map((r) => ({
        designId: r.id,
        name: r.name.trim() || messages.noName,
        score: Math.round(r.score * 100) / 100,
        coverage: r.measures.coverage,
        shareTv: r.measures.shareTv,
        slopeGap: r.measures.slopeGap,
      }));
      const score = points.map((p) => p.score);
      return {
        points,
        correlations: {
          coverage: spearman(
            score,
            points.map((p) => p.coverage),
          ),
          shareTv: spearman(
            score,
            points.map((p) => p.shareTv),
          ),
          slopeGap: spearman(
            score,
            points.map((p) => p.slopeGap),
          ),
        },
      };
    },

    /** The Trophy Club's best-hiding entries of the last twelve months, oldest first. */
    async bestHiding(): Promise<BestHiding> {
      const since = new Date(now().getTime() - 366 * 24 * 60 * 60 * 1000);
      const rows = await repo.bestHiding(contestTimeZone, since);
      return {
        months: rows.map((r) => ({
          month: r.month,
          designId: r.id,
          patternName: r.name.trim() || messages.noName,
          designerName: r.designerName || messages.anonymous,
          imageUrl: fileUrl(r.thumbnailUrl ?? r.imageUrl),
          meanHiddenSeconds: Math.round(r.score * 10) / 10,
        })),
      };
    },

    /** This week's sharpest eyes (weeks start on Monday, UTC): at least 5 rounds, most found first. */
    async board(): Promise<HuntBoard> {
      const at = now();
      const weekStart = new Date(
        Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)),
      );
      const rows = await repo.answeredSince(weekStart);
      const byPlayer = new Map<string, { displayName: string; times: number[]; rounds: number }>();
      for (const r of rows) {
        const entry = byPlayer.get(r.playerId) ?? {
          displayName: r.displayName?.trim() || messages.anonymous,
          times: [],
          rounds: 0,
        };
        entry.rounds++;
        if (r.status === 'found') entry.times.push(r.elapsedMs ?? 0);
        byPlayer.set(r.playerId, entry);
      }
      const players = [...byPlayer]
        .filter(([, p]) => p.rounds >= 5)
        .map(([userId, p]) => ({
          userId,
          displayName: p.displayName,
          rounds: p.rounds,
          found: p.times.length,
          medianMs: median(p.times),
        }))
        .sort(
          (a, b) =>
            b.found / b.rounds - a.found / a.rounds || (a.medianMs ?? Infinity) - (b.medianMs ?? Infinity),
        )
        .slice(0, 10)
        .map((p, i) => ({ rank: i + 1, ...p }));
      return { weekStart: weekStart.toISOString(), players };
    },
  };
}

export type HuntInsightsService = ReturnType<typeof createHuntInsightsService>;
