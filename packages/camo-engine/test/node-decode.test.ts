import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePhoto, PHOTO_MAX_SIDE } from '../src/node.js';
import { FIXTURE_DIR } from './fixtures.js';

/** A w x h photo, red on its left half and blue on its right, in the given format. */
async function halves(w: number, h: number, format: 'jpeg' | 'png' | 'webp', orientation?: number) {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [200, 30, 30] : [30, 30, 200], (y * w + x) * 3);
  let img = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).toFormat(format);
  if (orientation) img = img.withMetadata({ orientation });
  return new Uint8Array(await img.toBuffer());
}

function rgbAt(photo: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * photo.width + x) * 4;
  return Array.from(photo.data.subarray(i, i + 4));
}

describe('decodePhoto', () => {
  it('decodes a fixture-sized JPEG at its own size', async () => {
    const photo = await decodePhoto(new Uint8Array(readFileSync(join(FIXTURE_DIR, 'marsh.jpg'))));
    expect([photo.width, photo.height]).toEqual([640, 400]);
    expect(photo.data.length).toBe(640 * 400 * 4);
  });

  it('shrinks a large photo to the longest side the site reads, turned the way its EXIF says', async () => {
    // Orientation 6: the stored image is shown turned 90 degrees clockwise, so its left half
    // (red) ends up on top.
    const photo = await decodePhoto(await halves(1600, 1200, 'jpeg', 6));
    expect([photo.width, photo.height]).toEqual([768, PHOTO_MAX_SIDE]);
    const top = rgbAt(photo, 384, 100);
    const bottom = rgbAt(photo, 384, 900);
    expect(top[0]).toBeGreaterThan(150);
    expect(bottom[2]).toBeGreaterThan(150);
    expect(top[3]).toBe(255);
  });

  it('reads large PNGs and WebP photos too', async () => {
    const png = await decodePhoto(await halves(2000, 1000, 'png'));
    expect([png.width, png.height]).toEqual([PHOTO_MAX_SIDE, 512]);
    const webp = await decodePhoto(await halves(300, 200, 'webp'));
    expect([webp.width, webp.height]).toEqual([300, 200]);
    expect(rgbAt(webp, 10, 10)[0]).toBeGreaterThan(150);
    expect(rgbAt(webp, 290, 10)[2]).toBeGreaterThan(150);
  });

  it('refuses bytes that are no image with a message that says so', async () => {
    await expect(decodePhoto(new TextEncoder().encode('not a photo at all'))).rejects.toThrow(
      /unsupported or damaged image/,
    );
  });
});
