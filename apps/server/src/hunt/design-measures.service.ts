import { messages } from '@camo/shared/messages';
import type { Logger } from 'pino';
import { canView, chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import { decodeForEngine } from '../generation/photo-image.js';
import type { EngineMeasures } from '../platform/db/types.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { NotFoundError } from '../platform/http-errors.js';
import { storageKeys, type Storage } from '../platform/storage.js';
import type { HuntRepository } from './hunt.repository.js';

/**
 * A picture of a design made once and kept in the store under `name` and the design image's key
 * (a new image makes a new picture); a store that refuses the write costs only the keeping.
 */
export async function keptPreview(
  storage: Storage,
  log: Pick<Logger, 'warn'>,
  name: string,
  imageKey: string,
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const cacheKey = `previews/${name}_${imageKey.replace(/[^a-z0-9]/gi, '').slice(-24)}.jpg`;
  if (await storage.exists(cacheKey)) return Buffer.from(await storage.getBytes(cacheKey));
  const image = await make();
  await storage
    .put(cacheKey, image)
    .catch((error: unknown) => log.warn({ err: error, cacheKey }, 'preview not kept'));
  return image;
}

/**
 * The stored bytes of a photo as the pages show it: its display version where there is one (as
 * round.service.ts#loadShownPhoto reads it), for the engine's thread to decode.
 */
export async function shownPhotoBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const display = storageKeys.displayVersion(key);
  return storage.getBytes(display !== key && (await storage.exists(display)) ? display : key);
}

/** A design judged in its own photo: the engine's measures (a job) and the blend preview. */
export function createDesignMeasuresService(deps: {
  repo: HuntRepository;
  storage: Storage;
  log: Pick<Logger, 'warn'>;
  /** The blend preview on the engine's threads; null where the server runs without them (a test's provider). */
  blend: ((photo: Uint8Array, png: Uint8Array) => Promise<Uint8Array>) | null;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
}) {
  const { repo, storage, log, blend } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);

  return {
    /**
     * The measure-design job: the engine's G2-G4 measures of the submitted image against its own
     * photo, kept on the design. Safe to run twice (it writes the same numbers).
     */
    async measure(
      designId: string,
      measureWith: (
        photo: { rgb: Uint8Array; width: number; height: number },
        png: Uint8Array,
      ) => Promise<EngineMeasures>,
    ): Promise<void> {
      const design = await repo.design(designId);
      const key = design && chosenImageKey(design);
      if (!design || !isCommunityVisible(design.status) || !key || !design.environmentPhotoUrl) return;
      const photo = await decodeForEngine(await storage.getBytes(design.environmentPhotoUrl));
      await repo.setMeasures(designId, await measureWith(photo, await storage.getBytes(key)));
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
        if (!blend) throw new NotFoundError(messages.designNotFound);
        return work.cached(workKey('blend-preview', { photo: photoKey, design: key }), () =>
          keptPreview(storage, log, `blend_${designId}_${variant}`, key, () =>
            work.gated(viewerId, async () => {
              const jpeg = await blend(await shownPhotoBytes(storage, photoKey), await storage.getBytes(key));
              return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
            }),
          ),
        );
      });
    },
  };
}

export type DesignMeasuresService = ReturnType<typeof createDesignMeasuresService>;
