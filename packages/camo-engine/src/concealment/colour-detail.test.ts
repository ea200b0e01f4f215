import { describe, expect, it } from 'vitest';
import { chromaticGain, filterColourDetail, opponentDirection, SCIELAB_CHROMATIC } from './colour-detail.js';
import { mtf, observerAt, observerById } from './observers.js';

/** A vertical grating on a grey: `amplitude` (linear RGB, per channel) times a sine of `cycles` across `w` px. */
function grating(w: number, cycles: number, amplitude: readonly number[]) {
  const planes = [new Float32Array(w * w), new Float32Array(w * w), new Float32Array(w * w)] as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  for (let y = 0; y < w; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++)
        planes[c]![y * w + x] = 0.2 + amplitude[c]! * Math.sin((2 * Math.PI * cycles * x) / w);
  return planes;
}

/** The grating's amplitude left in one plane over the middle rows (away from the clamped edges). */
function amplitudeOf(plane: Float32Array, w: number, cycles: number): number {
  let s = 0;
  let c = 0;
  const y = w >> 1;
  for (let x = w / 4; x < (3 * w) / 4; x++) {
    const phase = (2 * Math.PI * cycles * x) / w;
    s += (plane[y * w + x]! - 0.2) * Math.sin(phase);
    c += Math.sin(phase) ** 2;
  }
  return s / c;
}

describe("a person's colour detail (S-CIELAB, Zhang & Wandell 1997; decision 036)", () => {
  it("keeps of a red-green grating what S-CIELAB's filter keeps, far less than of luminance (Mullen 1985)", () => {
    // S-CIELAB's red-green filter at 2, 4 and 8 cycles a degree, against the person's luminance MTF.
    const rg = [2, 4, 8].map((f) => chromaticGain(SCIELAB_CHROMATIC.redGreen, f));
    // The weighted sum of each Gaussian's transform, exp(-2 pi^2 sigma^2 f^2), sigma = FWHM / 2.355.
    expect(rg[0]).toBeCloseTo(0.577, 3);
    expect(rg[1]).toBeCloseTo(0.472, 3);
    expect(rg[2]).toBeCloseTo(0.212, 3);
    const person = observerById('person');
    expect(mtf(8, person.acuityCpd)).toBeGreaterThan(3 * rg[2]!);
    // Blue-yellow falls faster still at 8 cycles a degree.
    expect(chromaticGain(SCIELAB_CHROMATIC.blueYellow, 8)).toBeLessThan(rg[2]!);
  });

  it('blurs an isoluminant red-green grating by that much and leaves a luminance grating as it is', () => {
    const w = 256;
    const pxPerDeg = 64;
    const cycles = 32; // 8 cycles a degree
    // A grating of red-green alone (O1 and blue-yellow held), then one of blue-yellow alone.
    for (const [channel, lobes] of [
      [1, SCIELAB_CHROMATIC.redGreen],
      [2, SCIELAB_CHROMATIC.blueYellow],
    ] as const) {
      const direction = opponentDirection(channel).map((v) => v * 0.02);
      const coloured = grating(w, cycles, direction);
      filterColourDetail(coloured, w, w, person(), pxPerDeg);
      const c = direction.findIndex((v) => Math.abs(v) === Math.max(...direction.map(Math.abs)));
      const kept = amplitudeOf(coloured[c]!, w, cycles) / direction[c]!;
      expect(kept).toBeCloseTo(chromaticGain(lobes, 8), 2);
    }
    const grey = grating(w, cycles, [0.05, 0.05, 0.05]);
    filterColourDetail(grey, w, w, person(), pxPerDeg);
    for (const plane of grey) expect(amplitudeOf(plane, w, cycles)).toBeCloseTo(0.05, 3);
  });

  it('widens at dawn or dusk as the acuity falls, and leaves a deer as it is', () => {
    const w = 128;
    const cycles = 16;
    const amplitude = opponentDirection(1).map((v) => v * 0.02);
    const day = grating(w, cycles, amplitude);
    const dusk = grating(w, cycles, amplitude);
    filterColourDetail(day, w, w, person(), 32);
    filterColourDetail(dusk, w, w, observerAt('person', 'twilight'), 32);
    expect(Math.abs(amplitudeOf(dusk[0], w, cycles))).toBeLessThan(Math.abs(amplitudeOf(day[0], w, cycles)));
    const deer = grating(w, cycles, amplitude);
    filterColourDetail(deer, w, w, observerById('deer'), 32);
    expect(amplitudeOf(deer[0], w, cycles)).toBeCloseTo(amplitude[0]!, 6);
  });
});

const person = () => observerById('person');
