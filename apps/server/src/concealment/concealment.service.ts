import { concealmentText, type Observer } from '@camo/shared/concealment';
import type { DesignConcealment, VariantConcealment } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import type { Light } from '@camo/shared/vocabulary';
import type { Logger } from 'pino';
import { canView, chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import type { EngineTasks } from '../engine/engine.js';
import { keptPreview, loadShownPhoto, shownPhotoBytes } from '../engine/shown-photo.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import type { ConcealmentRepository, PredictorFitRow } from './concealment.repository.js';
import { shownFigures } from './shown-figures.js';
import {
  defaultWeights,
  gapsBetween,
  hidingRank,
  lightOf,
  PREDICTION_VERSION,
  toPredictions,
  type ActiveWeights,
  type DesignPredictions,
  type StoredPrediction,
} from './prediction-scores.js';

type Variant = 'A' | 'B' | 'final';

/** Whether an image's prediction has daylight's figures and not yet dawn or dusk's (decision 034). */
const duskMissing = (p: StoredPrediction) => !p.eyes.some((e) => lightOf(e) === 'twilight');

/** The printed repeat a prediction was measured at (decision 035). */
const repeatCmOf = (p: StoredPrediction): number => p.repeatCm ?? DEFAULT_REPEAT_CM;

/** The weights a stored fit puts in use: its own once fitted and used, the literature's otherwise. */
export function fitWeights(row: PredictorFitRow | null): ActiveWeights {
  return row?.status === 'fitted' && row.weights
    ? { weights: row.weights, calibrated: true }
    : defaultWeights;
}

/**
 * Predicted concealment (issue 27): every design's measures in its own photo for a person and a
 * deer at 10-100 m (the predict-design job), what they mean with the weights in use, and the
 * viewer's picture. The calibration of those weights on the game's rounds (the calibrate-predictor
 * job) is calibration.service.ts's.
 */
export function createConcealmentService(deps: {
  repo: ConcealmentRepository;
  storage: Storage;
  /** Null where the server runs without the engine's threads (a test's own provider). */
  engine: Pick<EngineTasks, 'predict' | 'shapes' | 'view'> | null;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
  /** A design's place in "Hardest to spot" changed: the gallery's pages in memory are stale. */
  onRankChange?: () => void;
  /** A page asked for dawn or dusk's figures of a design that has none yet: send predict-dusk. */
  onDuskWanted?: (designId: string) => void;
}) {
  const { repo, storage, engine, log } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);
  const rankChanged = () => deps.onRankChange?.();
  const askDusk = (designId: string) => deps.onDuskWanted?.(designId);

  const active = async (): Promise<ActiveWeights> => fitWeights(await repo.latestFit('fitted'));

  async function visible(designId: string, viewerId: string) {
    const design = await repo.design(designId);
    if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
    return design;
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
      // A and B are compared at the default repeat; the final image at the one its owner chose (decision 035).
      const repeats: Record<Variant, number> = {
        A: DEFAULT_REPEAT_CM,
        B: DEFAULT_REPEAT_CM,
        final: design.repeatCm,
      };
      const stored: DesignPredictions = { ...(design.predictions ?? {}) };
      const current = (key: string, repeatCm: number, p: StoredPrediction | undefined) =>
        p !== undefined &&
        p.imageKey === key &&
        p.version === PREDICTION_VERSION &&
        repeatCmOf(p) === repeatCm;
      // Each image not yet measured at its repeat, once (A, B and the final one may share an image),
      // all at once: the engine's threads measure A and B side by side.
      const missing = new Map<string, { key: string; repeatCm: number }>();
      const job = (key: string, repeatCm: number) => `${repeatCm}:${key}`;
      for (const variant of ['A', 'B', 'final'] as const) {
        const key = keys[variant];
        if (!key || current(key, repeats[variant], stored[variant])) continue;
        const same = (['A', 'B', 'final'] as const)
          .map((v) => stored[v])
          .find((p) => current(key, repeats[variant], p));
        if (same) stored[variant] = same;
        else missing.set(job(key, repeats[variant]), { key, repeatCm: repeats[variant] });
      }
      let photo: (Awaited<ReturnType<typeof loadShownPhoto>> & { detail: Uint8Array }) | undefined;
      // The shown photo, and the stored one's bytes as the predictor's detail copy (decision 037).
      const shownPhoto = async () =>
        (photo ??= {
          ...(await loadShownPhoto(storage, design.environmentPhotoUrl!)),
          detail: await storage.getBytes(design.environmentPhotoUrl!),
        });
      if (missing.size > 0) {
        const measured = new Map(
          await Promise.all(
            [...missing].map(async ([id, { key, repeatCm }]): Promise<[string, StoredPrediction]> => {
              const png = await storage.getBytes(key);
              const [eyes, shapes] = await Promise.all([
                engine.predict({ ...(await shownPhoto()), png, repeatCm }),
                engine.shapes({ png, repeatCm }),
              ]);
              return [id, { imageKey: key, eyes, version: PREDICTION_VERSION, shapes, repeatCm }];
            }),
          ),
        );
        for (const variant of ['A', 'B', 'final'] as const) {
          const key = keys[variant];
          const made = key ? measured.get(job(key, repeats[variant])) : undefined;
          if (made) stored[variant] = made;
        }
      }
      // Only the images this run measured or copied: a dusk job's eyes added meanwhile stay.
      const changed: DesignPredictions = {};
      for (const variant of ['A', 'B', 'final'] as const)
        if (stored[variant] && stored[variant] !== design.predictions?.[variant])
          changed[variant] = stored[variant];
      if (Object.keys(changed).length === 0) return;
      await repo.setPredictions(designId, changed, hidingRank(design, stored.final, await active()));
      if (keys.final) rankChanged();
    },

    /**
     * The predict-dusk job (decision 034): dawn or dusk's figures for each of the design's images
     * measured in daylight and not yet at dusk. Sent when a page asks for them (`light=twilight`),
     * not for every design: they take half as long again as daylight's, and most designs are never
     * looked at in that light. Safe to run twice: an image with dusk's eyes is left as it is.
     */
    async predictDusk(designId: string): Promise<void> {
      const design = await repo.design(designId);
      if (!engine || !design?.environmentPhotoUrl) return;
      const environmentPhotoUrl = design.environmentPhotoUrl;
      // Each image at each repeat once (A, B and the final one may share one).
      const byImage = new Map<string, { key: string; repeatCm: number; variants: Variant[] }>();
      for (const variant of ['A', 'B', 'final'] as const) {
        const p = design.predictions?.[variant];
        if (p?.version !== PREDICTION_VERSION || !duskMissing(p)) continue;
        const id = `${repeatCmOf(p)}:${p.imageKey}`;
        const entry = byImage.get(id) ?? { key: p.imageKey, repeatCm: repeatCmOf(p), variants: [] };
        entry.variants.push(variant);
        byImage.set(id, entry);
      }
      if (byImage.size === 0) return;
      const photo = {
        ...(await loadShownPhoto(storage, environmentPhotoUrl)),
        detail: await storage.getBytes(environmentPhotoUrl),
      };
      await Promise.all(
        [...byImage.values()].map(async ({ key, repeatCm, variants }) => {
          const png = await storage.getBytes(key);
          const eyes = await engine.predict({ ...photo, png, repeatCm, light: 'twilight' });
          for (const variant of variants) await repo.addDuskEyes(designId, variant, key, repeatCm, eyes);
        }),
      );
    },

    async designConcealment(
      designId: string,
      viewerId: string,
      light: Light = 'daylight',
    ): Promise<DesignConcealment> {
      const design = await visible(designId, viewerId);
      const weights = await active();
      // The figures of the image shown, never another's as its own (issue 39).
      const figures = shownFigures(design);
      if (light === 'twilight' && figures.stored && duskMissing(figures.stored)) askDusk(designId);
      return {
        predictions: toPredictions(figures.stored, weights),
        measuring: figures.measuring,
        figuresOf: figures.figuresOf,
        calibrated: weights.calibrated,
        shapes: figures.stored?.shapes ?? null,
        measured:
          design.concealmentScore >= 0
            ? { score: Math.round(design.concealmentScore * 10) / 10, rounds: design.huntAnswered }
            : null,
      };
    },

    async variantConcealment(
      designId: string,
      viewerId: string,
      light: Light = 'daylight',
    ): Promise<VariantConcealment> {
      const design = await visible(designId, viewerId);
      const { A, B } = design.predictions ?? {};
      if (light === 'twilight' && [A, B].some((p) => p && duskMissing(p))) askDusk(designId);
      const weights = await active();
      return {
        A: toPredictions(design.predictions?.A, weights),
        B: toPredictions(design.predictions?.B, weights),
        gaps: gapsBetween(design.predictions?.A, design.predictions?.B, weights),
        calibrated: weights.calibrated,
      };
    },

    /**
     * The viewer's picture as a JPEG, kept once made (it depends only on the photo, the image and
     * the eye): in memory, then in the store, else made on the engine's thread within the bounds.
     */
    async view(
      designId: string,
      viewerId: string,
      observer: Observer,
      distanceM: number,
      light: Light = 'daylight',
    ): Promise<Buffer> {
      return work.request(viewerId, async () => {
        const design = await visible(designId, viewerId);
        const key = chosenImageKey(design);
        if (!engine || !key || !design.environmentPhotoUrl) throw new NotFoundError(messages.designNotFound);
        const photoKey = design.environmentPhotoUrl;
        const repeatCm = design.repeatCm;
        const inputs = { photo: photoKey, design: key, observer, distanceM, light, repeatCm };
        // A daylight view at the default repeat keeps the name it had before there were lights.
        const kept = `view_${designId}_${observer}_${distanceM}${light === 'daylight' ? '' : `_${light}`}${
          repeatCm === DEFAULT_REPEAT_CM ? '' : `_r${repeatCm}`
        }`;
        return work.cached(workKey('design-view', inputs), () =>
          keptPreview(storage, log, kept, key, () =>
            work.gated(viewerId, async () => {
              const seen = await engine.view({
                photo: await shownPhotoBytes(storage, photoKey),
                png: await storage.getBytes(key),
                observer,
                distanceM,
                light,
                repeatCm,
              });
              if (!seen) throw new NotFoundError(concealmentText.outOfRangeAt(distanceM));
              return Buffer.from(seen.buffer, seen.byteOffset, seen.byteLength);
            }),
          ),
        );
      });
    },

    /** The weights in use: the latest fit's once calibrated, the literature's before. */
    activeWeights: active,

    /** A design the viewer may see, the key of the image people see of it and its repeat; null otherwise. */
    async designImage(
      designId: string,
      viewerId: string,
    ): Promise<{ imageKey: string | null; repeatCm: number } | null> {
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) return null;
      return { imageKey: chosenImageKey(design), repeatCm: design.repeatCm };
    },

    /** Designs to predict at start-up: those made before predictions existed, or missed. */
    unpredicted: (limit: number) => repo.unpredicted(limit),
  };
}

export type ConcealmentService = ReturnType<typeof createConcealmentService>;
