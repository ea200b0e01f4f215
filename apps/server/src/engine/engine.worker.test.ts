import { measureAt, sceneRecipe, silhouettes, synthesiseScene, viewGeometry } from '@camo/camo-engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { predictTask, roundMeasuresTask } from './engine.worker.js';

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

describe("a design's prediction with the stored photo as its detail copy (decision 037)", () => {
  it("measures a person in the stored photo's pixels, and says the figure is still limited by it", async () => {
    // The shown photo at 640 px (8.8 px a degree), the stored one at 1280: each eye's targets are
    // cropped from the stored one, since each resolves more than the shown one holds.
    const [w, h] = [640, 480];
    const stored = await sharp(photo(2 * w, 2 * h), { raw: { width: 2 * w, height: 2 * h, channels: 3 } })
      .png()
      .toBuffer();
    const shown = await sharp(stored).resize(w).removeAlpha().raw().toBuffer();
    const design = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#55603a' } })
      .png()
      .toBuffer();
    const task = {
      width: w,
      height: h,
      data: new Uint8Array(shown),
      png: new Uint8Array(design),
      repeatCm: 75,
    };
    const alone = await predictTask(task);
    const detailed = await predictTask({ ...task, detail: new Uint8Array(stored) });
    const at = (eyes: typeof alone, observer: string, distanceM: number) =>
      eyes.find((e) => e.observer === observer && e.distanceM === distanceM && e.measures)!;
    const shownCpd = viewGeometry(w, h, 1.05, 25).pxPerDeg / 2;
    expect(at(alone, 'person', 25).heldCpd).toBeCloseTo(shownCpd, 1);
    expect(at(detailed, 'person', 25).heldCpd).toBeCloseTo(2 * shownCpd, 1);
    // A person sees to 30 cycles a degree: 20 held is still short of it.
    expect(at(detailed, 'person', 25).limitedByPhoto).toBe(true);
    // A deer's 5 cycles a degree: more than the shown photo's 4.4, less than the stored one's.
    expect(at(alone, 'deer', 25).limitedByPhoto).toBe(true);
    expect(at(detailed, 'deer', 25).heldCpd).toBeGreaterThanOrEqual(5);
    expect(at(detailed, 'deer', 25).limitedByPhoto).toBe(false);
  }, 60_000);
});

describe('a played round measured for the calibration', () => {
  const width = 640;
  const height = 480;
  const rgb = photo(width, height);

  it("is a person's measures where the round's target stood, at its size and turn", async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 96, b: 60 } },
    })
      .png()
      .toBuffer();
    const design = {
      width: 64,
      height: 64,
      data: new Uint8Array(64 * 64 * 3).fill(0).map((_, i) => [90, 96, 60][i % 3]!),
    };
    const hunter = silhouettes.find((s) => s.id === 'crouching-hunter')!;
    const { focalPx, pxPerDeg } = viewGeometry(width, height, hunter.heightM, 1);
    const size = (hunter.heightM * focalPx) / 10; // the size a hunter has at 10 m
    const at = (x: number, y: number, rotation: number) =>
      roundMeasuresTask({
        data: rgb,
        width,
        height,
        png,
        round: { silhouette: hunter.id, size, x, y, rotation },
      });
    const here = await at(width * 0.3, height * 0.7, 0);
    expect(here).toEqual(
      measureAt({
        photo: { width, height, data: rgb },
        design,
        observer: 'person',
        placement: { x: width * 0.3, y: height * 0.7, size, rotation: 0 },
        silhouette: hunter,
        pxPerDeg,
      }),
    );
    // Another place, or another turn, is another picture.
    expect(await at(width * 0.7, height * 0.6, 0)).not.toEqual(here);
    expect(await at(width * 0.3, height * 0.7, 30)).not.toEqual(here);
  });

  it("is measured in a synthesised round's own scene, made again from its recipe, where its target stood", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#5a6040' } })
      .png()
      .toBuffer();
    const hunter = silhouettes.find((s) => s.id === 'crouching-hunter')!;
    const recipe = sceneRecipe(11, 320, 240, 1);
    const target = { silhouette: hunter.id, x: 150, y: 150, size: 60, rotation: 8 };
    const scene = {
      recipe,
      photo: { width, height },
      viewport: { width: 320, height: 240, pixelRatio: 1 },
      cssPerPixel: 1,
      target,
      source: null,
    };
    const measured = await roundMeasuresTask({
      data: rgb,
      width,
      height,
      png,
      round: { silhouette: hunter.id, size: 60, x: 10, y: 10, rotation: 0, scene },
    });
    const made = synthesiseScene({ width, height, data: rgb }, recipe);
    const { pxPerDeg } = viewGeometry(width, height, hunter.heightM, 1);
    expect(measured).toEqual(
      measureAt({
        photo: { width: made.width, height: made.height, data: made.data },
        design: {
          width: 32,
          height: 32,
          data: new Uint8Array(32 * 32 * 3).map((_, i) => [0x5a, 0x60, 0x40][i % 3]!),
        },
        observer: 'person',
        placement: { x: 150, y: 150, size: 60, rotation: 8 },
        silhouette: hunter,
        pxPerDeg: pxPerDeg * recipe.scale,
      }),
    );
  });

  it('is null for a target it does not know or a size out of range', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#556633' } })
      .png()
      .toBuffer();
    expect(
      await roundMeasuresTask({ data: rgb, width, height, png, round: { silhouette: 'ufo', size: 100 } }),
    ).toBeNull();
    expect(
      await roundMeasuresTask({
        data: rgb,
        width,
        height,
        png,
        round: { silhouette: 'crouching-hunter', size: 4, x: 100, y: 100, rotation: 0 },
      }),
    ).toBeNull();
  });
});
