import { SHOWN_PHOTO_MAX_SIDE } from '@camo/shared/vocabulary';
import sharp from 'sharp';

/**
 * The photo as people are shown it and the engine's observers see it: the stored photo's display
 * rendition (at most SHOWN_PHOTO_MAX_SIDE on its longer side), oriented, RGB. The game's rounds,
 * the predictor, the viewers and the rankings in someone's own ground all read it from here.
 */
export interface RgbPhoto {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface PhotoRaster extends RgbPhoto {
  data: Buffer;
}

/** Encoded photo bytes as they will be shown: oriented, at most SHOWN_PHOTO_MAX_SIDE on the longer side, RGB. */
export async function photoRaster(photo: Uint8Array): Promise<PhotoRaster> {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({
      width: SHOWN_PHOTO_MAX_SIDE,
      height: SHOWN_PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
