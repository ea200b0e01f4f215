import { generationMessages, uploadLimits, uploadMessages } from '@camo/shared/generation';

/** Spec §5: the photo must be an image type. The server still decides from the bytes. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

const HEIF = /^image\/(heic|heif|avif)(-sequence)?$/i;
const HEIF_NAME = /\.(heic|heif|avif)$/i;

/**
 * The picture's size as the browser decodes it, or null when it cannot: a name ending in .jpg, or
 * the type the system derives from it, says nothing about the bytes.
 */
export async function decodedSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size.width > 0 && size.height > 0 ? size : null;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return null;
  }
}

/**
 * Why a chosen photo cannot be used, in the server's own words (shared uploadMessages), or null:
 * checked the moment it is picked or dropped, so nobody fills in the form to learn it after
 * Generate. Type, size in bytes, that it decodes, its pixel count and its shorter side; the server
 * checks all of it again from the bytes.
 */
export async function photoProblem(file: File): Promise<string | null> {
  if (HEIF.test(file.type) || HEIF_NAME.test(file.name)) return uploadMessages.heif;
  if (!isImageFile(file)) return generationMessages.invalidImage;
  if (!(uploadLimits.acceptedTypes as readonly string[]).includes(file.type))
    return uploadMessages.unsupported;
  if (file.size > uploadLimits.maxBytes) return uploadMessages.tooLarge;
  const size = await decodedSize(file);
  if (!size) return generationMessages.invalidImage;
  if (size.width * size.height > uploadLimits.maxPixels) return uploadMessages.tooManyPixels;
  if (Math.min(size.width, size.height) < uploadLimits.minShortSide) return uploadMessages.tooSmall;
  return null;
}
