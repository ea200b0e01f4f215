import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { designThumbnail, THUMBNAIL_MAX_BYTES, THUMBNAIL_SIZE } from './photo.js';

describe('designThumbnail', () => {
  it('keeps even a worst-case pattern (pure noise) within 60 KB at 400 px', async () => {
    const side = 1024;
    const noise = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png()
      .toBuffer();
    const thumbnail = await designThumbnail(noise);
    expect(thumbnail.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
    const meta = await sharp(thumbnail).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
  });

  it('keeps the best quality when a plain pattern is small anyway', async () => {
    const flat = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#556b2f' } })
      .png()
      .toBuffer();
    const thumbnail = await designThumbnail(flat);
    expect(thumbnail.length).toBeLessThan(5_000);
  });
});
