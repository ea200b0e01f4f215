import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Real photos for upload tests, the server's and the browser's (e2e/support/photos.ts writes these
 * to files): the engine's fixtures, converted at test time (nothing generated is committed).
 */
const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/camo-engine/fixtures',
);

export const forestJpeg = (): Buffer => readFileSync(path.join(FIXTURES, 'forest.jpg'));
export const fixturePhoto = (name: string): Buffer => readFileSync(path.join(FIXTURES, `${name}.jpg`));

/** The forest photo `width` px wide as raw RGB, as the pipeline hands a photo to a provider. */
export async function forestRgb(width: number): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(forestJpeg())
    .resize(width)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data), width: info.width, height: info.height };
}

/** A phone-style portrait JPEG: landscape pixels with EXIF orientation 6 and a GPS position. */
export async function phonePortraitWithGps(from: Buffer = forestJpeg()): Promise<Buffer> {
  return sharp(from)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camo 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '33/1 26/1 5400/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '112/1 4/1 1200/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function asPng(input: Buffer): Promise<Buffer> {
  return sharp(input).png().toBuffer();
}

export async function asWebp(input: Buffer): Promise<Buffer> {
  return sharp(input).webp({ quality: 80 }).toBuffer();
}

/** A 12-megapixel JPEG (4000 x 3000), made from a fixture. */
export async function twelveMegapixelJpeg(from: Buffer = forestJpeg()): Promise<Buffer> {
  return sharp(from).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 88 }).toBuffer();
}

/** A PNG whose header declares 30000 x 30000 pixels (a decompression bomb), with almost no data. */
export async function pixelFloodPng(): Promise<Buffer> {
  const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#556b2f' } })
    .png()
    .toBuffer();
  const out = Buffer.from(small);
  // IHDR starts at byte 16: width and height, big-endian. The CRC is left stale on purpose.
  out.writeUInt32BE(30000, 16);
  out.writeUInt32BE(30000, 20);
  return out;
}

export function truncatedJpeg(): Buffer {
  const full = forestJpeg();
  return full.subarray(0, Math.floor(full.length / 2));
}
