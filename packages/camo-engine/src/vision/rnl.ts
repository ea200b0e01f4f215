/**
 * Receptor-noise-limited contrast (Vorobyev, M. & Osorio, D. (1998). Receptor noise as a
 * determinant of colour thresholds. Proceedings of the Royal Society B 265: 351-358), in
 * just-noticeable differences (JND): 1 is the threshold.
 *
 * f_i = ln Q_i, Δf_i the difference between two colours. Noise: one Weber fraction ω for every
 * cone class, e_i = ω (the simple form, without cone ratios: a person's are known and the
 * deer's were counted by D'Angelo et al. 2008, Can. J. Zool. 86(7): 735-743, but not yet read;
 * decision 032 says what that changes). DEFAULT_WEBER = 0.05, the value most often used, for a
 * bird's long-wave cone, and arbitrary here (Olsson, Lind & Kelber 2018, "Chromatic and achromatic
 * vision: parameter choice and limitations for reliable model predictions", Behavioral Ecology
 * 29(2): 273-282); callers may pass 0.05-0.2 to report the spread.
 *
 * - dichromat: ΔS = |Δf_1 - Δf_2| / sqrt(e_1² + e_2²);
 * - trichromat: ΔS² = (e_1² (Δf_3 - Δf_2)² + e_2² (Δf_3 - Δf_1)² + e_3² (Δf_1 - Δf_2)²)
 *   / ((e_1 e_2)² + (e_1 e_3)² + (e_2 e_3)²);
 * - achromatic: ΔL = |ln(L_1 / L_2)| / ω_L (ω_L defaults to ω): not Vorobyev & Osorio's, whose
 *   model is chromatic only, but the log-achromatic contrast of later work (e.g. Siddiqi et al.
 *   2004, J. Exp. Biol. 207: 2471-2485).
 */
import type { Catches } from './catches.js';

export const DEFAULT_WEBER = 0.05;

export interface ContrastOptions {
  /** Weber fraction of every cone channel (default DEFAULT_WEBER). */
  weber?: number;
  /** Weber fraction of the achromatic channel (default: `weber`). */
  weberAchromatic?: number;
}

export interface Contrast {
  /** Chromatic contrast, JND. */
  chromatic: number;
  /** Achromatic (luminance) contrast, JND. */
  achromatic: number;
}

/** Chromatic RNL contrast between two sets of cone catches (2 or 3 classes), all with Weber fraction ω. */
export function chromaticJnd(a: readonly number[], b: readonly number[], weber = DEFAULT_WEBER): number {
  const df = a.map((q, i) => Math.log(q / b[i]!));
  const e = weber;
  if (df.length === 2) return Math.abs(df[0]! - df[1]!) / Math.sqrt(2 * e * e);
  if (df.length === 3) {
    const [d1, d2, d3] = df as [number, number, number];
    const num = e * e * ((d3 - d2) ** 2 + (d3 - d1) ** 2 + (d1 - d2) ** 2);
    return Math.sqrt(num / (3 * e ** 4));
  }
  throw new RangeError(`RNL contrast takes the catches of 2 or 3 cone classes, not ${df.length}`);
}

/** Achromatic contrast |ln(L_a / L_b)| / ω_L. */
export function achromaticJnd(la: number, lb: number, weber = DEFAULT_WEBER): number {
  return Math.abs(Math.log(la / lb)) / weber;
}

/** Chromatic and achromatic RNL contrast between two sets of catches of one eye under one light. */
export function contrastOfCatches(a: Catches, b: Catches, options: ContrastOptions = {}): Contrast {
  const w = options.weber ?? DEFAULT_WEBER;
  return {
    chromatic: chromaticJnd(a.cones, b.cones, w),
    achromatic: achromaticJnd(a.luminance, b.luminance, options.weberAchromatic ?? w),
  };
}
