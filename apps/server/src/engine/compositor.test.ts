import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeTarget, meanColour, sideBySide } from './compositor.js';
import { photoRaster } from './photo-raster.js';
import { hitsTarget, silhouettes, targetBox } from './silhouettes.js';

/** A green, textured "ground" photo. */
async function groundPhoto(width = 800, height = 600): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const n = (Math.sin(i * 12.9898) * 43758.5453) % 1;
    data[i * 3] = 60 + Math.abs(n) * 30;
    data[i * 3 + 1] = 110 + Math.abs(n) * 40;
    data[i * 3 + 2] = 50;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .blur(1.5)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A two-colour design tile far from the photo's colours. */
async function magentaDesign(): Promise<Buffer> {
  const size = 64;
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const dark = (x >> 4) % 2 === (y >> 4) % 2;
      data[i] = dark ? 150 : 230;
      data[i + 1] = 20;
      data[i + 2] = dark ? 120 : 200;
    }
  return sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

describe('the compositor', () => {
  it("the target's mask is where the image differs from the photo, and hit-testing agrees with it", async () => {
    const photo = await photoRaster(await groundPhoto());
    const placement = { x: 420, y: 300, size: 220, rotation: 12 };
    for (const silhouette of silhouettes) {
      const out = await composeTarget(photo, { design: await magentaDesign() }, silhouette, placement);
      const { data } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
      const box = targetBox(silhouette, placement);
      let inside = 0;
      let insideDiffers = 0;
      let outside = 0;
      let outsideSame = 0;
      for (let y = 0; y < out.height; y++)
        for (let x = 0; x < out.width; x++) {
          const i = y * out.width + x;
          const diff = Math.abs(data[i * 3 + 1]! - photo.data[i * 3 + 1]!);
          if (out.mask[i]! > 200) {
            inside++;
            if (diff > 50) insideDiffers++;
            expect(hitsTarget(silhouette, placement, x + 0.5, y + 0.5, 2)).toBe(true);
          } else if (
            x < box.x - 8 ||
            x > box.x + box.width + 8 ||
            y < box.y - 8 ||
            y > box.y + box.height + 8
          ) {
            outside++;
            if (diff < 14) outsideSame++;
            if ((x + y) % 7 === 0) expect(hitsTarget(silhouette, placement, x, y, 2)).toBe(false);
          }
        }
      expect(inside, silhouette.id).toBeGreaterThan(2000);
      expect(insideDiffers / inside, silhouette.id).toBeGreaterThan(0.99);
      expect(outsideSame / outside, silhouette.id).toBeGreaterThan(0.995);
    }
  });

  it('writes a JPEG without metadata, and a control in the photo’s mean colour beside the design', async () => {
    const photo = await photoRaster(await groundPhoto(640, 480));
    const placement = { x: 320, y: 300, size: 200, rotation: 0 };
    const [design, control] = await Promise.all([
      composeTarget(photo, { design: await magentaDesign() }, silhouettes[0]!, placement),
      composeTarget(photo, { colour: meanColour(photo) }, silhouettes[0]!, placement),
    ]);
    const meta = await sharp(design.image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    const pair = await sideBySide(design, control);
    expect((await sharp(pair).metadata()).width).toBe(640 * 2 + 8);
  });
});
