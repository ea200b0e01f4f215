import { describe, expect, it } from 'vitest';
import { linearRgbToLab } from '../color/lab.js';
import { COLORCHECKER } from './data-colorchecker.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { relitLinearRgb, relitModel, relitOfLinear } from './relit.js';
import { srgb8ToLinear, srgbOfReflectance, type Rgb8 } from './srgb.js';

const grid = [20, 80, 140, 200, 250];
const colours = grid.flatMap((r) => grid.flatMap((g) => grid.map((b) => [r, g, b] as const)));

describe('a colour relit for a person (decision 034)', () => {
  it('under daylight it is the colour itself, within the 10 nm grid’s rounding', () => {
    for (const rgb of colours) {
      const relit = relitLinearRgb(reflectanceFromSrgb(rgb), 'daylight');
      relit.forEach((c, k) => expect(Math.abs(c - srgb8ToLinear(rgb[k]!))).toBeLessThan(0.004));
    }
  });

  it('at dusk a grey stays grey, and a red darkens against a green of the same daylight luminance', () => {
    const grey = relitLinearRgb(reflectanceFromSrgb([128, 128, 128]), 'twilight');
    expect(Math.max(...grey) - Math.min(...grey)).toBeLessThan(0.01);
    const Y = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    const red = reflectanceFromSrgb([200, 80, 80]);
    const green = reflectanceFromSrgb([80, 128, 90]);
    const ratio = (light: 'daylight' | 'twilight') =>
      Y(relitLinearRgb(red, light)) / Y(relitLinearRgb(green, light));
    expect(ratio('twilight')).toBeLessThan(ratio('daylight') * 0.85);
  });

  it('the per-pixel regression follows the solve: the 24 ColorChecker colours and 84 muted ones, 95 in 100 within 1 CIELAB unit', () => {
    const model = relitModel('twilight');
    const steps = [40, 70, 100, 130, 160, 190];
    const muted = steps
      .flatMap((r) => steps.flatMap((g) => steps.map((b) => [r, g, b] as const)))
      .filter((c) => Math.max(...c) - Math.min(...c) <= 80);
    const checker = COLORCHECKER.map(
      (p) => srgbOfReflectance(p.reflectance).map(Math.round) as unknown as Rgb8,
    );
    const clip = (v: number) => Math.min(1, Math.max(0, v));
    const lab = (c: readonly number[]) => linearRgbToLab(clip(c[0]!), clip(c[1]!), clip(c[2]!));
    const errors = [...checker, ...muted].map((rgb) => {
      const q = [0, 0, 0];
      relitOfLinear(model, srgb8ToLinear(rgb[0]), srgb8ToLinear(rgb[1]), srgb8ToLinear(rgb[2]), q);
      const a = lab(q);
      const b = lab(relitLinearRgb(reflectanceFromSrgb(rgb), 'twilight'));
      return Math.hypot(a.L - b.L, a.a - b.a, a.b - b.b);
    });
    errors.sort((a, b) => a - b);
    expect(errors.length).toBe(24 + 84);
    expect(errors[Math.floor(0.95 * (errors.length - 1))]).toBeLessThan(1);
  });
});
