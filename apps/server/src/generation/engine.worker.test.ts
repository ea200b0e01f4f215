import { predictConcealment, silhouettes, viewGeometry } from '@camo/camo-engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roundMeasuresTask } from './engine.worker.js';

/** A small photo: ground below, lighter above, some texture. */
function photo(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = (Math.sin(x * 0.21) + Math.cos(y * 0.17)) * 12;
      rgb.set(y < height / 3 ? [150 + v, 170 + v, 190] : [70 + v, 80 + v, 45], (y * width + x) * 3);
    }
  return rgb;
}

describe('a played round measured for the calibration', () => {
  const width = 640;
  const height = 480;
  const rgb = photo(width, height);

  it("is the person at the distance the round's target size means at the photo's field of view", async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 96, b: 60 } },
    })
      .png()
      .toBuffer();
    const hunter = silhouettes.find((s) => s.id === 'crouching-hunter')!;
    const { focalPx } = viewGeometry(width, height, hunter.heightM, 1);
    const size = (hunter.heightM * focalPx) / 10; // the size a hunter has at 10 m
    const measures = await roundMeasuresTask({
      rgb,
      width,
      height,
      png,
      round: { silhouette: hunter.id, size },
    });
    const direct = predictConcealment({
      photo: { width, height, data: rgb },
      design: {
        width: 64,
        height: 64,
        data: new Uint8Array(64 * 64 * 3).fill(0).map((_, i) => [90, 96, 60][i % 3]!),
      },
      observer: 'person',
      distanceM: 10,
      silhouette: hunter,
    });
    expect(direct.inRange).toBe(true);
    expect(measures).toEqual(direct.inRange ? direct.measures : null);
  });

  it('is null for a target it does not know or a size out of range', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#556633' } })
      .png()
      .toBuffer();
    expect(
      await roundMeasuresTask({ rgb, width, height, png, round: { silhouette: 'ufo', size: 100 } }),
    ).toBeNull();
    expect(
      await roundMeasuresTask({
        rgb,
        width,
        height,
        png,
        round: { silhouette: 'crouching-hunter', size: 4 },
      }),
    ).toBeNull();
  });
});
