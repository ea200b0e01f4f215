import { messages } from '@camo/shared/messages';
import type { Logger } from 'pino';
import { canView, chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import type { EngineTasks } from '../engine/engine.js';
import { decodeForEngine } from '../engine/photo.js';
import { keptPreview, shownPhotoBytes } from '../engine/shown-photo.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import type { HuntRepository } from './hunt.repository.js';

/** A design judged in its own photo: the engine's measures (a job) and the blend preview. */
export function createDesignMeasuresService(deps: {
  repo: HuntRepository;
  storage: Storage;
  log: Pick<Logger, 'warn'>;
  /** The engine's threads; null where the server runs without them (a test's own provider). */
  engine: Pick<EngineTasks, 'measure' | 'blendPreview'> | null;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
}) {
  const { repo, storage, log, engine } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);

  return {
    /**
     * The measure-design job: the engine's G2-G4 measures of the submitted image against its own
     * photo, kept on the design. Safe to run twice (it writes the same numbers).
     */
    async measure(designId: string): Promise<void> {
      if (!engine) return;
      const design = await repo.design(designId);
      const key = design && chosenImageKey(design);
      if (!design || !isCommunityVisible(design.status) || !key || !design.environmentPhotoUrl) return;
      const photo = await decodeForEngine(await storage.getBytes(design.environmentPhotoUrl));
      const png = await storage.getBytes(key);
      await repo.setMeasures(
        designId,
        await engine.measure({ data: photo.rgb, width: photo.width, height: photo.height, png }),
      );
    },

    /**
     * The design on a silhouette in its own environment photo, beside the same silhouette in the
     * photo's mean colour: how it hides, at a glance.
     */
    async blendPreview(designId: string, viewerId: string, variant: 'A' | 'B' | 'final'): Promise<Buffer> {
      return work.request(viewerId, async () => {
        const design = await repo.design(designId);
        if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
        const key =
          variant === 'A' ? design.designAUrl : variant === 'B' ? design.designBUrl : chosenImageKey(design);
        if (!key || !design.environmentPhotoUrl) throw new NotFoundError(messages.designNotFound);
        const photoKey = design.environmentPhotoUrl;
        if (!engine) throw new NotFoundError(messages.designNotFound);
        return work.cached(workKey('blend-preview', { photo: photoKey, design: key }), () =>
          keptPreview(storage, log, `blend_${designId}_${variant}`, key, () =>
            work.gated(viewerId, async () => {
              const jpeg = await engine.blendPreview({
                photo: await shownPhotoBytes(storage, photoKey),
                png: await storage.getBytes(key),
              });
              return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
            }),
          ),
        );
      });
    },
  };
}

export type DesignMeasuresService = ReturnType<typeof createDesignMeasuresService>;
