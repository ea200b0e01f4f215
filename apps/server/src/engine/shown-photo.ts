import type { Logger } from 'pino';
import { storageKeys, type Storage } from '../platform/storage.js';
import { photoRaster, type PhotoRaster } from './photo-raster.js';

// A stored photo as the pages show it, read on the main thread: an engine thread takes the bytes
// and decodes them itself (photo-raster.ts), so the storage is never loaded on one.

/** The stored bytes of a photo as the pages show it: its display rendition where there is one. */
export async function shownPhotoBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const display = storageKeys.displayVersion(key);
  return storage.getBytes(display !== key && (await storage.exists(display)) ? display : key);
}

/** A stored photo as the pages show it, decoded (on the caller's thread: the engine's take the bytes). */
export async function loadShownPhoto(storage: Storage, key: string): Promise<PhotoRaster> {
  return photoRaster(await shownPhotoBytes(storage, key));
}

/**
 * A picture of a design (a view's JPEG) made once and kept in the store under `name` and the design
 * image's key (a new image makes a new picture); a store that refuses the write costs only the keeping.
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
