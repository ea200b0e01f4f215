/**
 * The standard normal distribution's tail and CDF, and the small linear solve of the Newton steps,
 * for the censored fits of calibration.ts (pure).
 */

export const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** Complementary error function (W. J. Cody's rational Chebyshev form, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** log P(Z > z) for a standard normal Z, stable far into the tail. */
export function logNormalTail(z: number): number {
  if (z < 5) return Math.log(0.5 * erfc(z / Math.SQRT2));
  // Mills ratio asymptotic series: Q(z) ~ phi(z)/z * (1 - 1/z^2 + 3/z^4).
  const z2 = z * z;
  return -0.5 * z2 - LOG_SQRT_2PI - Math.log(z) + Math.log(1 - 1 / z2 + 3 / (z2 * z2));
}

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** phi(z) / Q(z), the inverse Mills ratio (given log Q(z) where it is already known). */
export function millsInverse(z: number, logTail = logNormalTail(z)): number {
  return Math.exp(-0.5 * z * z - LOG_SQRT_2PI - logTail);
}

/** Solves A v = b by Gaussian elimination with partial pivoting (A is small and symmetric). */
export function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * v[k]!;
    v[r] = s / m[r]![r]!;
  }
  return v;
}
