import {
  expectedHiddenSeconds,
  MEASURE_NAMES,
  type ConcealmentMeasures,
  type PredictorWeights,
} from '@camo/camo-engine';
import {
  CALIBRATION_MIN_DESIGNS,
  CALIBRATION_MIN_ROUNDS,
  concealmentText,
  type Observer,
} from '@camo/shared/concealment';
import type { Calibration, DesignConcealment, VariantConcealment } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import { oldEnough, weighPlayers } from '@camo/shared/players';
import type { Logger } from 'pino';
import { canView, chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import { keptPreview, shownPhotoBytes } from '../hunt/design-measures.service.js';
import { loadShownPhoto } from '../hunt/round.service.js';
import { spearman } from '../hunt/hunt-statistics.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import {
  fitCensoredLogNormal,
  pairwiseAgreement,
  reversedMeasures,
  type CensoredTime,
} from './calibration.js';
import type { ConcealmentRepository, PredictorFitRow } from './concealment.repository.js';
import {
  defaultWeights,
  GAME_EYE,
  hidingRank,
  toPredictions,
  type ActiveWeights,
  type DesignPredictions,
  type StoredEye,
  type StoredPrediction,
} from './prediction-scores.js';

/** A photo as the engine takes it: RGB, three bytes a pixel. */
export interface RgbPhoto {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The engine's predictor, on its worker threads (engine-provider.ts). */
export interface ConcealmentEngine {
  /** Every observer at every distance: the measures, or null where out of range. */
  predict(photo: RgbPhoto, png: Uint8Array): Promise<StoredEye[]>;
  /**
   * The viewer's picture (JPEG) from the photo's and the design's stored bytes, decoded and encoded
   * on the engine's thread; null when the distance is out of range in that photo.
   */
  view(photo: Uint8Array, png: Uint8Array, observer: Observer, distanceM: number): Promise<Uint8Array | null>;
  /** A person's measures of a round's own picture (its photo, target and placement). */
  measureRound(
    photo: RgbPhoto,
    png: Uint8Array,
    round: { silhouette: string; x: number; y: number; size: number; rotation: number },
  ): Promise<ConcealmentMeasures | null>;
}

/** Rounds measured per calibration run at most (each is one composite and its measures). */
const MEASURE_ROUNDS_PER_RUN = 400;
/** The rounds a calibration fits, newest first. */
const CALIBRATION_WINDOW = 5000;

type Variant = 'A' | 'B' | 'final';

function fitWeights(row: PredictorFitRow | null): ActiveWeights {
  return row?.status === 'fitted' && row.weights
    ? { weights: row.weights, calibrated: true }
    : defaultWeights;
}

/**
 * Predicted concealment (issue 27): every design's measures in its own photo for a person and a
 * deer at 10-100 m (the predict-design job), what they mean with the weights in use, the viewer's
 * picture, and the calibration of those weights on the game's rounds (the calibrate-predictor job).
 */
export function createConcealmentService(deps: {
  repo: ConcealmentRepository;
  storage: Storage;
  /** Null where the server runs without the engine's threads (a test's own provider). */
  engine: ConcealmentEngine | null;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
  /** A design's place in "Hardest to spot" changed: the gallery's pages in memory are stale. */
  onRankChange?: () => void;
  /**
   * The contest's age gate (CONTEST_MIN_ACCOUNT_AGE_HOURS): rounds from accounts younger than this
   * when they played do not count in a fit (decision 026).
   */
  minAccountAgeHours: number;
  now?: () => Date;
}) {
  const { repo, storage, engine, log } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);
  const rankChanged = () => deps.onRankChange?.();
  const now = deps.now ?? (() => new Date());

  const active = async (): Promise<ActiveWeights> => fitWeights(await repo.latestFit('fitted'));

  const shownPhoto = async (key: string): Promise<RgbPhoto> => {
    const raster = await loadShownPhoto(storage, key);
    return { data: raster.data, width: raster.width, height: raster.height };
  };

  async function visible(designId: string, viewerId: string) {
    const design = await repo.design(designId);
    if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
    return design;
  }

  /** The prediction people see for a design: the final image's once submitted, else the chosen or A. */
  function shown(design: { predictions: DesignPredictions | null; selectedVariant: string | null }) {
    const p = design.predictions ?? {};
    return p.final ?? (design.selectedVariant === 'B' ? p.B : p.A);
  }

  return {
    /**
     * The predict-design job: measures each of the design's images (A, B, and the final one once
     * submitted) not yet measured, and ranks it. Safe to run twice: an image measured is kept.
     */
    async predict(designId: string): Promise<void> {
      const design = await repo.design(designId);
      if (!engine || !design?.environmentPhotoUrl) return;
      const keys: Partial<Record<Variant, string | null>> = { A: design.designAUrl, B: design.designBUrl };
      if (isCommunityVisible(design.status)) keys.final = chosenImageKey(design);
      const stored: DesignPredictions = { ...(design.predictions ?? {}) };
      let photo: RgbPhoto | null = null;
      for (const variant of ['A', 'B', 'final'] as const) {
        const key = keys[variant];
        if (!key || stored[variant]?.imageKey === key) continue;
        const same = (['A', 'B', 'final'] as const)
          .map((v): StoredPrediction | undefined => stored[v])
          .find((p) => p?.imageKey === key);
        if (same) {
          stored[variant] = same;
          continue;
        }
        photo ??= await shownPhoto(design.environmentPhotoUrl);
        stored[variant] = { imageKey: key, eyes: await engine.predict(photo, await storage.getBytes(key)) };
      }
      await repo.setPredictions(designId, stored, hidingRank(design, stored.final, await active()));
      if (keys.final) rankChanged();
    },

    async designConcealment(designId: string, viewerId: string): Promise<DesignConcealment> {
      const design = await visible(designId, viewerId);
      const weights = await active();
      return {
        predictions: toPredictions(shown(design), weights),
        calibrated: weights.calibrated,
        measured:
          design.concealmentScore >= 0
            ? { score: Math.round(design.concealmentScore * 10) / 10, rounds: design.huntAnswered }
            : null,
      };
    },

    async variantConcealment(designId: string, viewerId: string): Promise<VariantConcealment> {
      const design = await visible(designId, viewerId);
      const weights = await active();
      return {
        A: toPredictions(design.predictions?.A, weights),
        B: toPredictions(design.predictions?.B, weights),
        calibrated: weights.calibrated,
      };
    },

    /**
     * The viewer's picture as a JPEG, kept once made (it depends only on the photo, the image and
     * the eye): in memory, then in the store, else made on the engine's thread within the bounds.
     */
    async view(designId: string, viewerId: string, observer: Observer, distanceM: number): Promise<Buffer> {
      return work.request(viewerId, async () => {
        const design = await visible(designId, viewerId);
        const key = chosenImageKey(design);
        if (!engine || !key || !design.environmentPhotoUrl) throw new NotFoundError(messages.designNotFound);
        const photoKey = design.environmentPhotoUrl;
        const inputs = { photo: photoKey, design: key, observer, distanceM };
        return work.cached(workKey('design-view', inputs), () =>
          keptPreview(storage, log, `view_${designId}_${observer}_${distanceM}`, key, () =>
            work.gated(viewerId, async () => {
              const seen = await engine.view(
                await shownPhotoBytes(storage, photoKey),
                await storage.getBytes(key),
                observer,
                distanceM,
              );
              if (!seen) throw new NotFoundError(concealmentText.outOfRangeAt(distanceM));
              return Buffer.from(seen.buffer, seen.byteOffset, seen.byteLength);
            }),
          ),
        );
      });
    },

    /** The weights in use: the latest fit's once calibrated, the literature's before. */
    activeWeights: active,

    /** A design the viewer may see and the key of the image people see of it; null otherwise. */
    async designImage(designId: string, viewerId: string): Promise<{ imageKey: string | null } | null> {
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) return null;
      return { imageKey: chosenImageKey(design) };
    },

    /** Designs to predict at start-up: those made before predictions existed, or missed. */
    unpredicted: (limit: number) => repo.unpredicted(limit),

    /**
     * The calibrate-predictor job: measures the rounds not yet measured (each as it was played),
     * fits the weights to every answered round's time when there are enough, judges the fit on the
     * designs the game has scored, keeps it, and ranks the predicted designs again with it.
     */
    async calibrate(): Promise<void> {
      const rounds = await repo.answeredRounds(CALIBRATION_WINDOW);
      const photos = new Map<string, RgbPhoto>();
      const designs = new Map<string, Uint8Array | null>();
      let measuredNow = 0;
      for (const round of rounds) {
        if (round.measures || measuredNow >= MEASURE_ROUNDS_PER_RUN) continue;
        measuredNow++;
        try {
          if (!designs.has(round.designId)) {
            const design = await repo.design(round.designId);
            const key = design && chosenImageKey(design);
            designs.set(round.designId, key ? await storage.getBytes(key) : null);
          }
          const png = designs.get(round.designId);
          if (!photos.has(round.photoKey)) photos.set(round.photoKey, await shownPhoto(round.photoKey));
          const measures =
            png && engine
              ? await engine.measureRound(photos.get(round.photoKey)!, png, {
                  ...round,
                  // A synthesised scene (decision 024) shows the photo's ground at its own scale: the
                  // target's height in the photo's pixels is what sets its distance there.
                  size: round.scene?.source?.size ?? round.size,
                })
              : null;
          round.measures = { measures };
          await repo.setRoundMeasures(round.id, round.measures);
        } catch (error) {
          log.warn({ err: error, roundId: round.id }, 'round not measured');
        }
      }
      // Who stands behind the fit (decision 026): rounds of accounts old enough when they played,
      // no player over their share, and enough distinct players (@camo/shared/players).
      const data: (CensoredTime & { designId: string; playerId: string })[] = [];
      for (const round of rounds) {
        const m = round.measures?.measures;
        if (!m || round.elapsedMs === null) continue;
        if (!oldEnough(round.accountCreatedAt, round.playedAt, deps.minAccountAgeHours)) continue;
        data.push({
          designId: round.designId,
          playerId: round.playerId,
          x: MEASURE_NAMES.map((name) => m[name]),
          seconds: round.elapsedMs / 1000,
          found: round.status === 'found',
        });
      }
      const weighing = weighPlayers(data.map((d) => d.playerId));
      data.forEach((d, i) => (d.weight = weighing.weights[i]));
      const designCount = new Set(data.map((d) => d.designId)).size;
      const enough =
        weighing.enough && data.length >= CALIBRATION_MIN_ROUNDS && designCount >= CALIBRATION_MIN_DESIGNS;
      let weights: PredictorWeights | null = null;
      if (enough) {
        const fit = fitCensoredLogNormal(data);
        weights = {
          intercept: fit.intercept,
          weights: Object.fromEntries(
            MEASURE_NAMES.map((name, j) => [name, fit.coefficients[j]!]),
          ) as PredictorWeights['weights'],
          sigma: fit.sigma,
        };
      }
      // A fit against the literature's direction on any measure is kept, said, and not used.
      const reversed = weights ? reversedMeasures(weights.weights) : [];
      const used = weights !== null && reversed.length === 0;
      const judged = weights ?? defaultWeights.weights;
      const compared = (await repo.submittedWithPredictions(true)).flatMap((d) => {
        const m = d.predictions?.final?.eyes.find(
          (e) => e.observer === GAME_EYE.observer && e.distanceM === GAME_EYE.distanceM,
        )?.measures;
        return m ? [{ predicted: expectedHiddenSeconds(m, judged), measured: d.concealmentScore }] : [];
      });
      await repo.addFit({
        fittedAt: now(),
        status: used ? 'fitted' : weights ? 'reversed' : 'too-few-rounds',
        rounds: data.length,
        designs: designCount,
        weights,
        pairwiseAgreement: pairwiseAgreement(
          compared.map((c) => c.predicted),
          compared.map((c) => c.measured),
        ),
        spearman: spearman(
          compared.map((c) => c.predicted),
          compared.map((c) => c.measured),
        ),
        comparedDesigns: compared.length,
      });
      if (weights && used) {
        const withFit: ActiveWeights = { weights, calibrated: true };
        for (const design of await repo.submittedWithPredictions(false))
          await repo.setRank(design.id, hidingRank(design, design.predictions?.final, withFit));
        rankChanged();
      }
      log.info(
        {
          rounds: data.length,
          effectiveRounds: weighing.effectiveRounds,
          players: weighing.players,
          designs: designCount,
          fitted: used,
          reversed,
          measuredNow,
        },
        'predictor calibrated',
      );
    },

    async calibration(): Promise<Calibration> {
      const latest = await repo.latestFit();
      const status =
        latest?.status === 'fitted' || latest?.status === 'reversed' ? latest.status : 'too-few-rounds';
      return {
        status,
        reversed: status === 'reversed' && latest?.weights ? reversedMeasures(latest.weights.weights) : [],
        fittedAt: latest?.fittedAt.toISOString() ?? null,
        rounds: latest?.rounds ?? 0,
        designs: latest?.designs ?? 0,
        roundsNeeded: CALIBRATION_MIN_ROUNDS,
        pairwiseAgreement: latest?.pairwiseAgreement ?? null,
        spearman: latest?.spearman ?? null,
        comparedDesigns: latest?.comparedDesigns ?? 0,
        weights:
          status !== 'too-few-rounds' && latest?.weights
            ? { intercept: latest.weights.intercept, ...latest.weights.weights, sigma: latest.weights.sigma }
            : null,
      };
    },
  };
}

export type ConcealmentService = ReturnType<typeof createConcealmentService>;
