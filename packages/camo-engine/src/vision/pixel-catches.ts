/**
 * Receptor catches for every pixel of a photo, fast: a reflectance costs a Newton solve (about a
 * millisecond, `lhtss.ts`), too slow for a million pixels, so each catch is a root-polynomial
 * regression on linear sRGB (Finlayson, Mackiewicz & Hurlbert 2015, "Color correction using
 * root-polynomial regression", IEEE Transactions on Image Processing 24(5): 1460-1470; second
 * order: r, g, b, sqrt(rg), sqrt(gb), sqrt(rb)). Its terms scale with the light, so a colour twice
 * as bright has catches twice as large, as a reflectance's do.
 *
 * The regression is fitted on the catches of the smoothest reflectances (decision 032) of a
 * 10 x 10 x 10 grid of the sRGB cube, least squares weighted by 1 / catch^2 so that its error is
 * relative, as receptor noise is. The deer's fits are kept below as the fit gives them (a test fits
 * them again), so no thread spends the half second a fit takes; others are fitted on first use.
 * Its error against the solve itself, in JND at a Weber fraction of 0.05, is tested
 * (`pixel-catches.test.ts`).
 */
import { catchesOfReflectance } from './catches.js';
import type { LightId } from './illuminants.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { eyeById, type EyeId } from './receptors.js';
import { srgb8ToLinear } from './srgb.js';

/** The regression's terms of one linear sRGB colour. */
function terms(r: number, g: number, b: number): [number, number, number, number, number, number] {
  return [r, g, b, Math.sqrt(r * g), Math.sqrt(g * b), Math.sqrt(r * b)];
}
const N_TERMS = 6;
const GRID = [0, 30, 60, 90, 120, 150, 180, 210, 235, 255];

/** Solves the n x n system `a x = y` in place (Gauss-Jordan, partial pivoting). */
function solve(a: number[][], y: number[]): number[] {
  const n = y.length;
  const m = a.map((row, i) => [...row, y[i]!]);
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let k = i + 1; k < n; k++) if (Math.abs(m[k]![i]!) > Math.abs(m[p]![i]!)) p = k;
    [m[i], m[p]] = [m[p]!, m[i]!];
    for (let k = 0; k < n; k++) {
      if (k === i) continue;
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Coefficients per channel: the cones (shortest first), then the luminance. */
export type PixelCatchModel = readonly (readonly number[])[];

/**
 * A root-polynomial regression from linear sRGB to `target`'s channels, fitted on the smoothest
 * reflectances of the sRGB grid, least squares weighted by 1 / channel^2 (relative error).
 */
export function fitRegression(
  target: (rgb8: readonly [number, number, number]) => number[],
): PixelCatchModel {
  const x: number[][] = [];
  const y: number[][] = [];
  for (const r of GRID)
    for (const g of GRID)
      for (const b of GRID) {
        if (r + g + b === 0) continue;
        x.push(terms(srgb8ToLinear(r), srgb8ToLinear(g), srgb8ToLinear(b)));
        y.push(target([r, g, b]));
      }
  return y[0]!.map((_, k) => {
    const a = Array.from({ length: N_TERMS }, () => new Array<number>(N_TERMS).fill(0));
    const v = new Array<number>(N_TERMS).fill(0);
    for (let s = 0; s < x.length; s++) {
      const w = 1 / Math.max(1e-3, y[s]![k]!) ** 2;
      const t = x[s]!;
      for (let i = 0; i < N_TERMS; i++) {
        v[i]! += w * t[i]! * y[s]![k]!;
        for (let j = 0; j < N_TERMS; j++) a[i]![j]! += w * t[i]! * t[j]!;
      }
    }
    return solve(a, v);
  });
}

/** The regression fitted afresh (what FITTED keeps, for the deer). */
export function fitPixelCatchModel(eye: EyeId, light: LightId): PixelCatchModel {
  return fitRegression((rgb) => {
    const c = catchesOfReflectance(reflectanceFromSrgb(rgb), eyeById(eye), light);
    return [...c.cones, c.luminance];
  });
}

/** fitPixelCatchModel's deer fits, to six significant figures. */
const FITTED: Record<string, PixelCatchModel> = {
  'deer:daylight': [
    [0.0188294, 0.176792, 0.796476, -0.0220979, 0.0334909, -0.000228042],
    [0.0916002, 0.674767, 0.229146, -0.0203466, 0.0290508, -0.00468453],
    [0.0916002, 0.674767, 0.229146, -0.0203466, 0.0290508, -0.00468453],
  ],
  'deer:twilight': [
    [0.0187433, 0.169317, 0.801209, -0.0201876, 0.0358402, -0.00135538],
    [0.0772988, 0.654062, 0.267835, -0.0429305, 0.0506421, -0.00968127],
    [0.0506698, 0.568269, 0.368693, -0.0609297, 0.0882923, -0.018743],
  ],
};

const models = new Map<string, PixelCatchModel>(Object.entries(FITTED));

/** The fitted regression of an eye under a light (the deer's kept above; others fitted on first use, then kept). */
export function pixelCatchModel(eye: EyeId, light: LightId): PixelCatchModel {
  const key = `${eye}:${light}`;
  let model = models.get(key);
  if (!model) {
    model = fitPixelCatchModel(eye, light);
    models.set(key, model);
  }
  return model;
}

/**
 * The catches of one linear sRGB colour (0..1): the cones, shortest first, then the luminance;
 * written into `out` from `offset`. Never below a thousandth of a white's (ln stays finite).
 */
export function catchesOfLinear(
  model: PixelCatchModel,
  r: number,
  g: number,
  b: number,
  out: Float32Array | number[],
  offset = 0,
): void {
  const t = terms(Math.max(0, r), Math.max(0, g), Math.max(0, b));
  for (let k = 0; k < model.length; k++) {
    const c = model[k]!;
    const q = c[0]! * t[0] + c[1]! * t[1] + c[2]! * t[2] + c[3]! * t[3] + c[4]! * t[4] + c[5]! * t[5];
    out[offset + k] = Math.max(1e-3, q);
  }
}
