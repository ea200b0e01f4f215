import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'fast-png';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeIndexedPng, decodePhoto, PHOTO_MAX_SIDE } from '../src/node.js';
import { encodeIndexedPng } from '../src/render/png.js';
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

  it('reads small palette and grey PNGs of 1, 2 and 4 bits a pixel (packed several to a byte)', async () => {
    // 5 x 2 pixels: an odd width leaves the last byte of each row part empty.
    const palette = [
      [10, 20, 30],
      [200, 100, 50],
      [0, 255, 0],
      [255, 255, 255],
    ];
    const indices = [0, 1, 2, 3, 1, 3, 2, 1, 0, 2];
    const pack = (depth: number) => {
      const rowBytes = Math.ceil((5 * depth) / 8);
      const out = new Uint8Array(rowBytes * 2);
      indices.forEach((v, i) => {
        const x = i % 5;
        const bit = x * depth;
        const at = Math.floor(i / 5) * rowBytes + (bit >> 3);
        out[at] = (out[at] ?? 0) | (v << (8 - depth - (bit & 7)));
      });
      return out;
    };
    for (const depth of [2, 4] as const) {
      const bytes = encode({ width: 5, height: 2, channels: 1, depth, data: pack(depth), palette });
      const photo = await decodePhoto(bytes);
      indices.forEach((v, i) =>
        expect(rgbAt(photo, i % 5, Math.floor(i / 5))).toEqual([...(palette[v] ?? []), 255]),
      );
    }
    const grey = encode({
      width: 5,
      height: 2,
      channels: 1,
      depth: 1,
      data: Uint8Array.from([0b10100000, 0b01011000]),
    });
    const photo = await decodePhoto(grey);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => rgbAt(photo, i % 5, Math.floor(i / 5))[0])).toEqual([
      255, 0, 255, 0, 0, 0, 255, 0, 255, 255,
    ]);
  });

  it("round-trips the engine's own PNGs, four bits a pixel, through decodeIndexedPng", () => {
    const palette: [number, number, number][] = [
      [1, 2, 3],
      [40, 50, 60],
      [90, 80, 70],
    ];
    const index = Uint8Array.from({ length: 64 * 64 }, (_, i) => (i * 7 + (i >> 6)) % 3);
    const png = encodeIndexedPng({ size: 64, index, palette });
    expect(png[24]).toBe(4); // IHDR bit depth
    const back = decodeIndexedPng(png);
    expect(back.index).toEqual(index);
    expect(back.palette).toEqual(palette);
  });

  it('refuses bytes that are no image with a message that says so', async () => {
    await expect(decodePhoto(new TextEncoder().encode('not a photo at all'))).rejects.toThrow(
      /unsupported or damaged image/,
    );
  });
});
