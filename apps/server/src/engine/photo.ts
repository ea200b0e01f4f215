import { generationMessages, uploadLimits, uploadMessages } from '@camo/shared/generation.schema';
import { ENGINE_PHOTO_MAX_SIDE, SHOWN_PHOTO_MAX_SIDE } from '@camo/shared/vocabulary';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../platform/http-errors.js';

/** Longest side of the stored environment photo; more detail than any design needs (and the predictor's detail copy). */
export const STORED_PHOTO_MAX_SIDE = 2048;
const STORED_MAX_SIDE = STORED_PHOTO_MAX_SIDE;
/** Longest side of the display rendition pages show. */
const DISPLAY_MAX_SIDE = SHOWN_PHOTO_MAX_SIDE;
/** Longest side of what the engine analyses (its statistics do not need more). */
const ENGINE_MAX_SIDE = ENGINE_PHOTO_MAX_SIDE;

// One libvips thread per image and no operation cache: uploads are decoded once, and several at
// once must neither take every core from the event loop nor hold decoded 12-megapixel images.
sharp.concurrency(1);
sharp.cache(false);
/** Full-size decodes one at a time: a decoded 12-megapixel photo is 36 MB of pixels. */
const decodeSlot = pLimit(1);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The browser says the same when a file is chosen (shared uploadMessages). */
export const imageMessages = { ...uploadMessages, empty: generationMessages.invalidImage } as const;

export class ImageRejectedError extends HttpError {
  constructor(message: string, status = 400) {
    super(status, 'invalid_image', message);
  }
}

export interface ReencodedPhoto {
  png: Buffer;
  display: Buffer;
  width: number;
  height: number;
}

/**
 * Architecture improvement 4 / quality rule 7: the type is decided from the bytes, the pixel
 * count is limited before decoding, the orientation is applied, and the image is re-encoded, which
 * leaves every metadata block (EXIF with GPS, XMP, IPTC, ICC, comments) behind: sharp writes none
 * unless asked to.
 */
export function reencodeUpload(bytes: Buffer): Promise<ReencodedPhoto> {
  return decodeSlot(() => reencode(bytes));
}

/**
 * HEIC (the iPhone's default) and AVIF are ISO-BMFF files: an `ftyp` box with an image brand.
 * They get their own message, whether or not this build of libvips could decode them.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);
function isHeif(bytes: Buffer): boolean {
  return (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))
  );
}

/**
 * The upload's checks (type from the bytes, declared pixel count before any decode) and its
 * oriented, alpha-free sRGB pipeline. Decoding happens when the caller encodes it: errors then
 * are a damaged file (see decoded()).
 */
async function checkedUpload(bytes: Buffer): Promise<Sharp> {
  if (bytes.length === 0) throw new ImageRejectedError(imageMessages.empty);
  if (isHeif(bytes)) throw new ImageRejectedError(imageMessages.heif);
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    throw new ImageRejectedError(generationMessages.invalidImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError(format ? imageMessages.unsupported : generationMessages.invalidImage);
  }
  // Declared dimensions are checked before any pixel is decoded (a pixel flood is refused here).
  if (width <= 0 || height <= 0) throw new ImageRejectedError(generationMessages.invalidImage);
  if (width * height > uploadLimits.maxPixels) throw new ImageRejectedError(imageMessages.tooManyPixels);
  if (Math.min(width, height) < uploadLimits.minShortSide)
    throw new ImageRejectedError(imageMessages.tooSmall);
  return sharp(bytes, { limitInputPixels: uploadLimits.maxPixels, failOn: 'truncated' })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb');
}

/** Runs the encoding of a checked upload; a decoding failure is a damaged file. */
async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new ImageRejectedError(imageMessages.damaged);
  }
}

async function reencode(bytes: Buffer): Promise<ReencodedPhoto> {
  const oriented = (await checkedUpload(bytes)).resize({
    width: STORED_MAX_SIDE,
    height: STORED_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  return decoded(async () => {
    // Decoded once; the stored PNG and the pages' rendition are then encoded from the same pixels
    // at once, each on a thread of its own (not the page's rendition from the PNG, decoded again).
    const { data, info } = await oriented.raw().toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [png, display] = await Promise.all([
      sharp(data, pixels).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
      sharp(data, pixels)
        .resize({
          width: DISPLAY_MAX_SIDE,
          height: DISPLAY_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { png, display, width: info.width, height: info.height };
  });
}

/**
 * A photo of someone's own ground (issue 28), with the create flow's checks: one WebP at the
 * display size (it is both what its owner sees and what the predictor reads), no metadata.
 */
export function reencodeGroundUpload(
  bytes: Buffer,
): Promise<{ webp: Buffer; width: number; height: number }> {
  return decodeSlot(async () => {
    const oriented = (await checkedUpload(bytes)).resize({
      width: DISPLAY_MAX_SIDE,
      height: DISPLAY_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    return decoded(async () => {
      const { data, info } = await oriented.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
      return { webp: data, width: info.width, height: info.height };
    });
  });
}

/** The stored photo as raw RGB for the engine, at most ENGINE_MAX_SIDE on its longest side. */
export async function decodeForEngine(
  png: Uint8Array,
): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .resize({ width: ENGINE_MAX_SIDE, height: ENGINE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** quality.md: a grid thumbnail is at most 60 KB. */
export const THUMBNAIL_MAX_BYTES = 60 * 1024;
export const THUMBNAIL_SIZE = 400;

/**
 * The WebP thumbnail of a design for the grids: 400 px square, at the best quality that stays
 * within 60 KB (busy fine-grained patterns need a lower one than broad blobs).
 */
export async function designThumbnail(png: Uint8Array): Promise<Buffer> {
  const resized = await sharp(png)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encode = (quality: number) =>
    sharp(resized.data, { raw: resized.info }).webp({ quality, effort: 4 }).toBuffer();
  let thumbnail = await encode(80);
  for (const quality of [70, 60, 50, 40, 30]) {
    if (thumbnail.length <= THUMBNAIL_MAX_BYTES) break;
    thumbnail = await encode(quality);
  }
  return thumbnail;
}

/** The design page shows a design at most this wide on a phone's screen (about 380 px at 1.75x). */
const DISPLAY_LOSSY_SIDE = 800;

/**
 * The design page's WebP of a design, so its largest image arrives early on a phone's line: the
 * smaller of a lossless WebP at the stored size (flat-palette patterns compress to a fraction of
 * their PNG, with no loss) and a lossy one at 800 px (busy fine-grained patterns). The PNG stays
 * the download.
 */
export async function designDisplayImage(png: Uint8Array): Promise<Buffer> {
  const [lossless, lossy] = await Promise.all([
    sharp(png).webp({ lossless: true, effort: 4 }).toBuffer(),
    sharp(png)
      .resize({
        width: DISPLAY_LOSSY_SIDE,
        height: DISPLAY_LOSSY_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80, effort: 4 })
      .toBuffer(),
  ]);
  return lossless.length <= lossy.length ? lossless : lossy;
}
