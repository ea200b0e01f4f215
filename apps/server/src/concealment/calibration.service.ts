import { MEASURE_NAMES, targetDegreesInPhoto } from '@camo/camo-engine';
import {
  CALIBRATION_CHECK_MIN_DESIGNS,
  CALIBRATION_MIN_DESIGNS,
  CALIBRATION_MIN_ROUNDS,
} from '@camo/shared/concealment';
import type { Calibration } from '@camo/shared/concealment.schema';
import { oldEnough, weighPlayers } from '@camo/shared/players';
import type { Logger } from 'pino';
import { chosenImageKey } from '../designs/design-policy.js';
import type { Storage } from '../platform/storage.js';
import { reversedMeasures } from './calibration.js';
import { crossValidate, fitTimeModel, type CalibrationRound } from './calibration-check.js';
import type { ConcealmentRepository } from './concealment.repository.js';
import type { EngineTasks } from '../engine/engine.js';
import { loadShownPhoto } from '../engine/shown-photo.js';
import type { RgbPhoto } from '../engine/photo-raster.js';
import { fitWeights } from './concealment.service.js';
import { hidingRank, type ActiveWeights } from './prediction-scores.js';

/** Rounds measured per calibration run at most (each is one composite and its measures). */
const MEASURE_ROUNDS_PER_RUN = 400;
/** The rounds a calibration fits, newest first. */
const CALIBRATION_WINDOW = 5000;

const FIT_STATUSES = ['fitted', 'too-few-rounds', 'reversed', 'not-better', 'unchecked'] as const;
type FitStatus = (typeof FIT_STATUSES)[number];

/**
 * The target's angular height as a round showed it (decision 029): its height in the photo's
 * pixels (a synthesised scene's record says where in the photo it stood, at what size) over the
 * photo's focal length at a 65-degree field of view; a round from before scenes, in its picture.
 */
function roundDegrees(round: {
  size: number;
  width: number;
  scene: { photo: { width: number }; source: { size: number } | null } | null;
}): number {
  return round.scene?.source
    ? targetDegreesInPhoto(round.scene.source.size, round.scene.photo.width)
    : targetDegreesInPhoto(round.size, round.width);
}

/**
 * The calibration of the predictor's weights on the game's rounds (issue 27, decision 017): the
 * calibrate-predictor job, and what the insights page shows of it.
 */
export function createCalibrationService(deps: {
  repo: ConcealmentRepository;
  storage: Storage;
  /** Null where the server runs without the engine's threads (a test's own provider). */
  engine: Pick<EngineTasks, 'roundMeasures'> | null;
  log: Pick<Logger, 'info' | 'warn'>;
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
  const rankChanged = () => deps.onRankChange?.();
  const now = deps.now ?? (() => new Date());

  return {
    /** The weights in use: the latest fit's once calibrated, the literature's before. */
    activeWeights: async (): Promise<ActiveWeights> => fitWeights(await repo.latestFit('fitted')),

    /**
     * The calibrate-predictor job: measures the rounds not yet measured (each as it was played),
     * fits the weights to every answered round's time when there are enough, judges the fit on the
     * designs the game has scored, keeps it, and ranks the predicted designs again with it.
     */
    async calibrate(): Promise<void> {
      const rounds = await repo.answeredRounds(CALIBRATION_WINDOW);
      const photos = new Map<string, RgbPhoto>();
      const designs = new Map<string, { png: Uint8Array; repeatCm: number } | null>();
      let measuredNow = 0;
      for (const round of rounds) {
        if (round.measures || measuredNow >= MEASURE_ROUNDS_PER_RUN) continue;
        measuredNow++;
        try {
          if (!designs.has(round.designId)) {
            const design = await repo.design(round.designId);
            const key = design && chosenImageKey(design);
            designs.set(
              round.designId,
              key ? { png: await storage.getBytes(key), repeatCm: design.repeatCm } : null,
            );
          }
          const worn = designs.get(round.designId);
          if (!photos.has(round.photoKey))
            photos.set(round.photoKey, await loadShownPhoto(storage, round.photoKey));
          const measures =
            worn && engine
              ? await engine.roundMeasures({
                  ...photos.get(round.photoKey)!,
                  ...worn,
                  round: {
                    ...round,
                    // A synthesised scene (decision 024) shows the photo's ground at its own scale: the
                    // target's height in the photo's pixels is what sets its distance there.
                    size: round.scene?.source?.size ?? round.size,
                  },
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
      const designPhotos = new Map<string, string>();
      const data: CalibrationRound[] = [];
      for (const round of rounds) {
        const m = round.measures?.measures;
        if (!m || round.elapsedMs === null) continue;
        if (!oldEnough(round.accountCreatedAt, round.playedAt, deps.minAccountAgeHours)) continue;
        if (!designPhotos.has(round.designId))
          designPhotos.set(
            round.designId,
            (await repo.design(round.designId))?.environmentPhotoUrl ?? `design:${round.designId}`,
          );
        data.push({
          id: round.id,
          design: round.designId,
          // The unit a check leaves out together: the design's own photo (decision 029).
          photo: designPhotos.get(round.designId)!,
          player: round.playerId,
          measures: MEASURE_NAMES.map((name) => m[name]),
          targetDeg: roundDegrees(round),
          seconds: round.elapsedMs / 1000,
          found: round.status === 'found',
        });
      }
      const weighing = weighPlayers(data.map((d) => d.player));
      data.forEach((d, i) => (d.weight = weighing.weights[i]));
      const designCount = new Set(data.map((d) => d.design)).size;
      const enough =
        weighing.enough && data.length >= CALIBRATION_MIN_ROUNDS && designCount >= CALIBRATION_MIN_DESIGNS;
      const model = enough ? fitTimeModel(data) : null;
      const weights = model?.weights ?? null;
      // A fit against the literature's direction on any measure is kept, said, and not used; one
      // that orders designs it did not see no better than the mean colour alone, likewise.
      const reversed = weights ? reversedMeasures(weights.weights) : [];
      const checked = model ? crossValidate(data) : null;
      const status: FitStatus = !weights
        ? 'too-few-rounds'
        : reversed.length > 0
          ? 'reversed'
          : checked!.fitted.designs < CALIBRATION_CHECK_MIN_DESIGNS
            ? 'unchecked'
            : checked!.beatsBaseline
              ? 'fitted'
              : 'not-better';
      await repo.addFit({
        fittedAt: now(),
        status,
        rounds: data.length,
        designs: designCount,
        weights,
        pairwiseAgreement: checked?.fitted.pairwiseAgreement ?? null,
        spearman: checked?.fitted.spearman ?? null,
        comparedDesigns: checked?.fitted.designs ?? 0,
        check:
          model && checked
            ? {
                playerSd: model.playerSd,
                roundSd: model.roundSd,
                players: weighing.players,
                folds: checked.folds,
                fitted: checked.fitted,
                baseline: checked.baseline,
                beatsBaseline: checked.beatsBaseline,
              }
            : null,
      });
      if (weights && status === 'fitted') {
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
          status,
          reversed,
          fitted: checked?.fitted.pairwiseAgreement,
          baseline: checked?.baseline.pairwiseAgreement,
          playerSd: model?.playerSd,
          measuredNow,
        },
        'predictor calibrated',
      );
    },

    async calibration(): Promise<Calibration> {
      const latest = await repo.latestFit();
      const status: FitStatus = FIT_STATUSES.includes(latest?.status as FitStatus)
        ? (latest!.status as FitStatus)
        : 'too-few-rounds';
      const w = latest?.weights;
      return {
        status,
        reversed: status === 'reversed' && w ? reversedMeasures(w.weights) : [],
        fittedAt: latest?.fittedAt.toISOString() ?? null,
        rounds: latest?.rounds ?? 0,
        designs: latest?.designs ?? 0,
        roundsNeeded: CALIBRATION_MIN_ROUNDS,
        pairwiseAgreement: latest?.pairwiseAgreement ?? null,
        spearman: latest?.spearman ?? null,
        comparedDesigns: latest?.comparedDesigns ?? 0,
        check:
          status !== 'too-few-rounds' && latest?.check
            ? {
                fitted: latest.check.fitted,
                baseline: latest.check.baseline,
                designsNeeded: CALIBRATION_CHECK_MIN_DESIGNS,
                playerSd: latest.check.playerSd,
                roundSd: latest.check.roundSd,
                players: latest.check.players,
              }
            : null,
        weights:
          status !== 'too-few-rounds' && w
            ? {
                intercept: w.intercept,
                ...w.weights,
                ...(w.size ? { size: w.size.coefficient } : {}),
                sigma: w.sigma,
              }
            : null,
      };
    },
  };
}

export type CalibrationService = ReturnType<typeof createCalibrationService>;
