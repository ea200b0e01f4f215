import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSS_PX_PER_MM, parseScreenScale, writeScreenScale } from './screen-scale';

afterEach(() => vi.unstubAllGlobals());

describe('the screen scale', () => {
  it("is CSS's 96 px to the inch until calibrated, and keeps a calibration made on this screen", () => {
    expect(parseScreenScale(null)).toEqual({ pxPerMm: CSS_PX_PER_MM, calibrated: false });
    expect(CSS_PX_PER_MM * 25.4).toBeCloseTo(96, 10);
    const saved = writeScreenScale({ pxPerMm: 4.2, calibrated: true });
    expect(parseScreenScale(saved)).toEqual({ pxPerMm: 4.2, calibrated: true });
  });

  it('forgets a calibration made at another zoom or on another screen (another device pixel ratio)', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const saved = writeScreenScale({ pxPerMm: 6.1, calibrated: true });
    expect(parseScreenScale(saved).calibrated).toBe(true);
    vi.stubGlobal('devicePixelRatio', 2.5);
    expect(parseScreenScale(saved)).toEqual({ pxPerMm: CSS_PX_PER_MM, calibrated: false });
  });

  it('reads anything it did not write as not calibrated, and holds a scale within its bounds', () => {
    for (const raw of ['', 'nonsense', '{"pxPerMm":"4"}', '{"pxPerMm":4}', 'null'])
      expect(parseScreenScale(raw).calibrated).toBe(false);
    const ratio = window.devicePixelRatio || 1;
    expect(parseScreenScale(JSON.stringify({ pxPerMm: 400, ratio })).pxPerMm).toBe(10);
    expect(parseScreenScale(JSON.stringify({ pxPerMm: 0.1, ratio })).pxPerMm).toBe(1.5);
    expect(writeScreenScale({ pxPerMm: 3, calibrated: false })).toBe('');
  });
});
