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
      const cacheKey = `previews/blend_${designId}_${variant}_${key.replace(/[^a-z0-9]/gi, '').slice(-24)}.jpg`;
      if (await storage.exists(cacheKey)) return Buffer.from(await storage.getBytes(cacheKey));
      const photo = await loadPhoto(design.environmentPhotoUrl);
      const silhouette = silhouetteById('crouching-hunter');
      const size = Math.round(photo.height * 0.3);
      const placement = { x: photo.width * 0.5, y: photo.height - size * 0.55, size, rotation: 0 };
      const [worn, control] = await Promise.all([
        composeTarget(photo, { design: await storage.getBytes(key) }, silhouette, placement),
        composeTarget(photo, { colour: meanColour(photo) }, silhouette, placement),
      ]);
      const image = await sideBySide(worn, control);
      await storage
        .put(cacheKey, image)
        .catch((error: unknown) => log.warn({ err: error }, 'blend preview not cached'));
      return image;
    },
  };
}

export type DesignMeasuresService = ReturnType<typeof createDesignMeasuresService>;
