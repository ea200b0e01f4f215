/**
 * The smoothest reflectance that has a given sRGB colour under D65: Burns' Least Hyperbolic
 * Tangent Slope Squared method (Burns, S. A. (2020). Numerical methods for smoothest reflectance
 * reconstruction. Color Research & Application 45(1): 8-21).
 *
 * rho = (tanh(z) + 1) / 2 keeps every band inside (0, 1). Minimise sum_i (z[i+1] - z[i])^2 subject
 * to T rho(z) = linear sRGB, by Newton's method on the Lagrangian: with D = 2 Delta^T Delta (the
 * objective's Hessian), the conditions are F = [D z + diag(rho') T^T lambda ; T rho - rgb] = 0 and
 * each step solves J delta = -F with J = [D + diag(rho'' . T^T lambda), diag(rho') T^T ; T diag(rho'), 0].
 *
 * rho in (0, 1) can never be exactly black or exactly white, and a channel at exactly 0 or 1 sits
 * on the edge of what reflectances reach; so each linear channel is first moved in by EDGE
 * (c -> EDGE + (1 - 2 EDGE) c, as Burns returns 0.0001 for black): at most a third of an 8-bit
 * level, near black.
 */
import { N_BANDS, type Spectrum } from './grid.js';
import { T_SRGB, srgb8ToLinear, type Rgb8 } from './srgb.js';

const EDGE = 1e-4;
const MAX_ITER = 200;
const TOL = 1e-10;

/** Solve A x = b in place by Gaussian elimination with partial pivoting (A square, row-major). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    const piv = a[c]![c]!;
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / piv;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** The conditions F(z, lambda) of the Lagrangian, and the reflectance at z. */
function residual(z: number[], lam: number[], target: readonly number[]): { f: number[]; norm: number } {
  const n = N_BANDS;
  const f = new Array<number>(n + 3).fill(0);
  for (let i = 0; i < n; i++) {
    const left = i > 0 ? z[i]! - z[i - 1]! : 0;
    const right = i < n - 1 ? z[i]! - z[i + 1]! : 0;
    const th = Math.tanh(z[i]!);
    const d1 = (1 - th * th) / 2;
    let tl = 0;
    for (let c = 0; c < 3; c++) tl += T_SRGB[c]![i]! * lam[c]!;
    f[i] = 2 * (left + right) + d1 * tl;
  }
  for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += T_SRGB[c]![i]! * ((Math.tanh(z[i]!) + 1) / 2);
    f[n + c] = s - target[c]!;
  }
  return { f, norm: Math.hypot(...f) };
}

/** The smoothest reflectance (36 bands, 380-730 nm) with this linear sRGB under D65. */
export function reflectanceFromLinearRgb(rgb: readonly [number, number, number]): number[] {
  const n = N_BANDS;
  const target = rgb.map((c) => EDGE + (1 - 2 * EDGE) * Math.min(1, Math.max(0, c)));
  const z = new Array<number>(n).fill(0);
  const lam = [0, 0, 0];
  let { f, norm } = residual(z, lam, target);
  for (let iter = 0; iter < MAX_ITER && norm > TOL; iter++) {
    const j: number[][] = Array.from({ length: n + 3 }, () => new Array<number>(n + 3).fill(0));
    for (let i = 0; i < n; i++) {
      const th = Math.tanh(z[i]!);
      const sech2 = 1 - th * th;
      const d1 = sech2 / 2;
      const d2 = -sech2 * th;
      let tl = 0;
      for (let c = 0; c < 3; c++) tl += T_SRGB[c]![i]! * lam[c]!;
      j[i]![i] = (i > 0 ? 2 : 0) + (i < n - 1 ? 2 : 0) + d2 * tl;
      if (i > 0) j[i]![i - 1] = -2;
      if (i < n - 1) j[i]![i + 1] = -2;
      for (let c = 0; c < 3; c++) {
        j[i]![n + c] = d1 * T_SRGB[c]![i]!;
        j[n + c]![i] = T_SRGB[c]![i]! * d1;
      }
    }
    const delta = solve(
      j,
      f.map((v) => -v),
    );
    // Newton's step, halved while it makes the conditions worse (far from the solution).
    let step = 1;
    for (let k = 0; k < 30; k++) {
      const z2 = z.map((v, i) => v + step * delta[i]!);
      const l2 = lam.map((v, c) => v + step * delta[n + c]!);
      const r2 = residual(z2, l2, target);
      if (r2.norm < norm || k === 29) {
        z.splice(0, n, ...z2);
        lam.splice(0, 3, ...l2);
        f = r2.f;
        norm = r2.norm;
        break;
      }
      step /= 2;
    }
  }
  return z.map((v) => (Math.tanh(v) + 1) / 2);
}

/** The smoothest reflectance (36 bands, 380-730 nm, each in (0, 1)) with this 8-bit sRGB colour under D65. */
export function reflectanceFromSrgb(rgb8: Rgb8): Spectrum {
  return reflectanceFromLinearRgb([srgb8ToLinear(rgb8[0]), srgb8ToLinear(rgb8[1]), srgb8ToLinear(rgb8[2])]);
}
