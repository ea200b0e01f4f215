import { describe, expect, it } from 'vitest';
import { adaptingLuminance, csfPeak, csfPeakCpd, csfSensitivity, cutoffCpd, PERSON_PEAK } from './csf.js';

describe('contrast sensitivity functions', () => {
  it("a person's luminance CSF peaks between 2 and 6 c/deg, at the stated peak sensitivity", () => {
    const peak = csfPeakCpd('person', 'luminance');
    expect(peak).toBeGreaterThan(2);
    expect(peak).toBeLessThan(6);
    expect(csfPeak('person', 'luminance')).toBeCloseTo(PERSON_PEAK, 6);
    // Band-pass: lower below the peak as well as above.
    expect(csfSensitivity('person', 'luminance', 0.2)).toBeLessThan(PERSON_PEAK / 2);
    expect(csfSensitivity('person', 'luminance', 20)).toBeLessThan(PERSON_PEAK / 2);
  });

  it("a person's full-contrast luminance cutoff is an acuity, 30-60 c/deg", () => {
    const c = cutoffCpd('person', 'luminance', 1);
    expect(c).toBeGreaterThan(30);
    expect(c).toBeLessThan(60);
    expect(csfSensitivity('person', 'luminance', c)).toBeCloseTo(1, 6);
  });

  it("a person's chromatic CSF is low-pass and cuts off below the luminance one", () => {
    expect(csfSensitivity('person', 'chromatic', 0.5)).toBeGreaterThanOrEqual(
      csfSensitivity('person', 'chromatic', 2),
    );
    const chroma = cutoffCpd('person', 'chromatic', 1);
    expect(chroma).toBeGreaterThan(10);
    expect(chroma).toBeLessThan(13);
    expect(chroma).toBeLessThan(cutoffCpd('person', 'luminance', 1));
  });

  it("the deer's full-contrast cutoff is its acuity (5 c/deg) within 10 %, whatever its assumed peak", () => {
    for (const deerPeak of [20, 50, 200]) {
      const c = cutoffCpd('deer', 'luminance', 1, { deerPeak });
      expect(Math.abs(c - 5) / 5).toBeLessThan(0.1);
      expect(csfPeak('deer', 'luminance', { deerPeak })).toBeCloseTo(deerPeak, 3);
    }
    expect(cutoffCpd('deer', 'chromatic', 1)).toBeLessThan(cutoffCpd('deer', 'luminance', 1));
  });

  it('lower contrast is seen to a lower frequency; below the peak threshold, not at all', () => {
    for (const eye of ['person', 'deer'] as const) {
      expect(cutoffCpd(eye, 'luminance', 0.1)).toBeLessThan(cutoffCpd(eye, 'luminance', 1));
      expect(cutoffCpd(eye, 'luminance', 0.5 / csfPeak(eye, 'luminance'))).toBe(0);
    }
  });

  describe('at dawn or dusk (decision 034)', () => {
    const twilight = { light: 'twilight' } as const;

    it('civil twilight lights a 0.2 reflectance at about 2.4 cd/m^2 (37 lx)', () => {
      expect(adaptingLuminance('twilight')).toBeCloseTo(2.36, 2);
      expect(adaptingLuminance('daylight')).toBe(100);
    });

    it("Barten's person at 2.4 cd/m^2: peak 110 (x 0.55) near 1.6 c/deg, full-contrast cutoff 33 c/deg (x 0.74)", () => {
      expect(csfPeak('person', 'luminance', twilight)).toBeGreaterThan(105);
      expect(csfPeak('person', 'luminance', twilight)).toBeLessThan(115);
      expect(csfPeakCpd('person', 'luminance', twilight)).toBeGreaterThan(1.3);
      expect(csfPeakCpd('person', 'luminance', twilight)).toBeLessThan(1.8);
      expect(cutoffCpd('person', 'luminance', 1, twilight)).toBeGreaterThan(32);
      expect(cutoffCpd('person', 'luminance', 1, twilight)).toBeLessThan(34);
    });

    it('van Nes & Bouman (1967): dimmer light costs little at low frequencies (Weber) and most at high ones', () => {
      const ratio = (f: number) =>
        csfSensitivity('person', 'luminance', f, twilight) / csfSensitivity('person', 'luminance', f);
      expect(ratio(0.5)).toBeGreaterThan(0.85);
      expect(ratio(20)).toBeLessThan(0.3);
      expect(ratio(0.5)).toBeGreaterThan(ratio(2));
      expect(ratio(2)).toBeGreaterThan(ratio(20));
    });

    it('both eyes lose height and acuity, in luminance and in colour; the deer stays below the person', () => {
      for (const eye of ['person', 'deer'] as const)
        for (const kind of ['luminance', 'chromatic'] as const) {
          expect(csfPeak(eye, kind, twilight)).toBeLessThan(csfPeak(eye, kind));
          expect(cutoffCpd(eye, kind, 1, twilight)).toBeLessThan(cutoffCpd(eye, kind, 1));
        }
      expect(cutoffCpd('deer', 'luminance', 1, twilight)).toBeGreaterThan(3);
      expect(cutoffCpd('deer', 'luminance', 1, twilight)).toBeLessThan(
        cutoffCpd('person', 'luminance', 1, twilight),
      );
    });
  });
});
