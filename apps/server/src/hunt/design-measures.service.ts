import { messages } from '@camo/shared/messages';
import type { Logger } from 'pino';
import { canView, chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import { decodeForEngine } from '../generation/photo-image.js';
import type { EngineMeasures } from '../platform/db/types.js';
import { NotFoundError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import { composeTarget, meanColour, sideBySide } from './compositor.js';
import type { HuntRepository } from './hunt.repository.js';
import { loadShownPhoto } from './round.service.js';
import { silhouetteById } from './silhouettes.js';

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

/** A design judged in its own photo: the engine's measures (a job) and the blend preview. */
export function createDesignMeasuresService(deps: {
  repo: HuntRepository;
  storage: Storage;
  log: Pick<Logger, 'warn'>;
}) {
  const { repo, storage, log } = deps;
  const loadPhoto = (key: string) => loadShownPhoto(storage, key);

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
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
      const key =
        variant === 'A' ? design.designAUrl : variant === 'B' ? design.designBUrl : chosenImageKey(design);
      if (!key || !design.environmentPhotoUrl) throw new NotFoundError(messages.designNotFound);
      const photoKey = design.environmentPhotoUrl;
      return keptPreview(storage, log, `blend_${designId}_${variant}`, key, async () => {
        const photo = await loadPhoto(photoKey);
        const silhouette = silhouetteById('crouching-hunter');
        const size = Math.round(photo.height * 0.3);
        const placement = { x: photo.width * 0.5, y: photo.height - size * 0.55, size, rotation: 0 };
        const [worn, control] = await Promise.all([
          composeTarget(photo, { design: await storage.getBytes(key) }, silhouette, placement),
          composeTarget(photo, { colour: meanColour(photo) }, silhouette, placement),
        ]);
        return sideBySide(worn, control);
      });
    },
  };
}

export type DesignMeasuresService = ReturnType<typeof createDesignMeasuresService>;
