import { mulberry32 } from '@camo/camo-engine';
import { HUNT_MIN_TARGET_CSS_PX } from '@camo/shared/hunt';
import { describe, expect, it } from 'vitest';
import { NATURAL_SHARE, pictureSize, placeTarget } from './round-scene.js';

describe('placeTarget', () => {
  it('sizes targets 8-26% of the photo, even in log size, never under the fingertip floor, whole below the top quarter', () => {
    const next = mulberry32(39);
    const photo = { width: 1280, height: 960 };
    const { width, height, cssPerPixel } = pictureSize({ width: 1440, height: 820, pixelRatio: 2 }, 1280);
    const shares: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const p = placeTarget(width, height, photo.height, 1, cssPerPixel, next);
      expect(p.size * cssPerPixel).toBeGreaterThanOrEqual(HUNT_MIN_TARGET_CSS_PX);
      expect(p.y - p.size * 0.6).toBeGreaterThanOrEqual(height / 4 - 1);
      expect(p.y + p.size * 0.6).toBeLessThanOrEqual(height + 1);
      shares.push(p.size / photo.height);
    }
    const logs = shares.map(
      (s) => Math.log(s / NATURAL_SHARE.least) / Math.log(NATURAL_SHARE.most / NATURAL_SHARE.least),
    );
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(NATURAL_SHARE.least - 0.001);
    expect(Math.max(...shares)).toBeLessThanOrEqual(NATURAL_SHARE.most + 0.001);
    // Even in log size: each third of the log range holds about a third of the targets.
    for (const third of [0, 1, 2])
      expect(logs.filter((l) => l >= third / 3 && l < (third + 1) / 3).length / logs.length).toBeCloseTo(
        1 / 3,
        1,
      );
  });

  it('lifts a target to the floor on a small screen rather than drawing it under a fingertip', () => {
    const next = mulberry32(7);
    const { width, height, cssPerPixel } = pictureSize({ width: 320, height: 480, pixelRatio: 1 }, 1280);
    for (let i = 0; i < 500; i++) {
      const p = placeTarget(width, height, 960, width / 1280, cssPerPixel, next);
      expect(p.size * cssPerPixel).toBeGreaterThanOrEqual(HUNT_MIN_TARGET_CSS_PX);
    }
  });
});
