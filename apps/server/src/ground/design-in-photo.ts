import type { ConcealmentMeasures } from '@camo/camo-engine';
import { concealmentText, observers, viewingDistances, type Observer } from '@camo/shared/concealment';
import type { GroundDesign } from '@camo/shared/ground.schema';
import { groundText } from '@camo/shared/ground';
import { messages } from '@camo/shared/messages';
import { toPredictions, type ActiveWeights } from '../concealment/prediction-scores.js';
import { workKey, type EngineWork } from '../platform/engine-work.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import type { GroundRepository } from './ground.repository.js';
import type { EngineTasks } from '../engine/engine.js';
import type { Light } from '@camo/shared/vocabulary';

/** The engine's tasks a ranking uses, on its threads (engine/engine.ts). */
export type GroundEngine = Pick<
  EngineTasks,
  'groundFeatures' | 'groundProfile' | 'groundScores' | 'groundView' | 'groundDesign'
>;

/** An eye's key in a photo's profiles and scores: 'deer@25' in daylight (as kept before lights), 'deer@25@twilight'. */
export const eyeKey = (observer: Observer, distanceM: number, light: Light = 'daylight'): string =>
  light === 'daylight' ? `${observer}@${distanceM}` : `${observer}@${distanceM}@${light}`;

/** One eye in one light: whose, how far, and when (decision 034). */
export interface GroundEye {
  observer: Observer;
  distanceM: number;
  light: Light;
}

/**
 * One design in one of a person's own ground photos (issue 28): its predicted hiding at every eye,
 * scored in full once and kept in ground_scores, and the observer viewer's picture there. Both run
 * on the engine's threads within the bounds of engine work on request (decision 025).
 */
export function createDesignInPhoto(deps: {
  repo: GroundRepository;
  storage: Storage;
  /** A design the viewer may see (the design page's rule), or null. */
  design: (
    designId: string,
    viewerId: string,
  ) => Promise<{ imageKey: string | null; repeatCm: number } | null>;
  weights: () => Promise<ActiveWeights>;
  work: EngineWork;
  /** The owner's photo, or 404 for anyone else. */
  owned: (photoId: string, userId: string) => Promise<unknown>;
  requireEngine: () => GroundEngine;
}) {
  const { repo, work, owned, requireEngine } = deps;
  return {
    /** One design in one of the viewer's photos: every eye in a light, scored in full (kept for the next time). */
    async designInPhoto(
      photoId: string,
      designId: string,
      userId: string,
      light: Light = 'daylight',
    ): Promise<GroundDesign> {
      return work.request(userId, async () => {
        await owned(photoId, userId);
        const design = await deps.design(designId, userId);
        if (!design?.imageKey) throw new NotFoundError(messages.designNotFound);
        const active = await deps.weights();
        const eyes = observers.flatMap((observer) =>
          viewingDistances.map((distanceM) => ({ observer, distanceM })),
        );
        const stored = new Map<string, ConcealmentMeasures | null>();
        for (const score of await repo.designScores(photoId, designId, light))
          if (score.imageKey === design.imageKey)
            stored.set(eyeKey(score.observer, score.distanceM), score.measures);
        const missing = eyes.filter((e) => !stored.has(eyeKey(e.observer, e.distanceM)));
        if (missing.length > 0) {
          const ground = requireEngine();
          const imageKey = design.imageKey;
          const inputs = {
            photo: photoId,
            design: imageKey,
            eyes: missing.map((e) => eyeKey(e.observer, e.distanceM, light)).join(),
          };
          // Scored once (kept in ground_scores), on the engine's thread within the bounds of engine work.
          const rows = await work.cached(
            workKey('ground-design', inputs),
            () =>
              work.gated(userId, async () => {
                const photo = await repo.image(photoId);
                if (!photo) throw new NotFoundError(groundText.photoNotFound);
                // The feature tile where the design has one (submitted), else made from its image (a draft of the viewer's).
                const [kept] = await repo.tiles([designId]);
                const source =
                  kept?.imageKey === imageKey
                    ? { tile: new Uint8Array(kept.tile) }
                    : { image: await deps.storage.getBytes(imageKey) };
                const measures = await ground.groundDesign({
                  photoId,
                  photo,
                  design: source,
                  repeatCm: design.repeatCm,
                  light,
                  eyes: missing,
                });
                const made = missing.map((eye, i) => ({
                  photoId,
                  designId,
                  ...eye,
                  light,
                  imageKey,
                  measures: measures[i] ?? null,
                }));
                await repo.addScores(made);
                return made;
              }),
            { keep: false },
          );
          for (const row of rows) stored.set(eyeKey(row.observer, row.distanceM), row.measures);
        }
        return {
          predictions: toPredictions(
            {
              imageKey: design.imageKey,
              eyes: eyes.map((e) => ({
                ...e,
                light,
                measures: stored.get(eyeKey(e.observer, e.distanceM)) ?? null,
              })),
            },
            active,
          ),
          calibrated: active.calibrated,
        };
      });
    },

    /** The viewer in the person's photo (JPEG): the design on a target there, as the eye resolves it. */
    async view(
      photoId: string,
      designId: string,
      userId: string,
      observer: Observer,
      distanceM: number,
      light: Light = 'daylight',
    ): Promise<Buffer> {
      return work.request(userId, async () => {
        await owned(photoId, userId);
        const design = await deps.design(designId, userId);
        if (!design?.imageKey) throw new NotFoundError(messages.designNotFound);
        const imageKey = design.imageKey;
        const ground = requireEngine();
        // Kept in this process's memory only: the photo is private to its owner, never in the file store.
        return work.cached(
          workKey('ground-view', {
            photo: photoId,
            design: imageKey,
            observer,
            distanceM,
            light,
            repeatCm: design.repeatCm,
          }),
          () =>
            work.gated(userId, async () => {
              const photo = await repo.image(photoId);
              if (!photo) throw new NotFoundError(groundText.photoNotFound);
              const seen = await ground.groundView({
                photoId,
                photo,
                png: await deps.storage.getBytes(imageKey),
                repeatCm: design.repeatCm,
                light,
                observer,
                distanceM,
              });
              if (!seen) throw new NotFoundError(concealmentText.outOfRangeAt(distanceM));
              return Buffer.from(seen.buffer, seen.byteOffset, seen.byteLength);
            }),
        );
      });
    },
  };
}
