/**
 * The wavelengths every spectrum in this folder is sampled at: 380-730 nm every 10 nm (36 bands),
 * and the sums that stand in for integrals over them (the 10 nm step cancels wherever a catch is
 * divided by a white's catch, so it is left out).
 */

export const WL_START = 380;
export const WL_STEP = 10;
export const N_BANDS = 36;

/** The band centres in nm: 380, 390, ..., 730. */
export const WAVELENGTHS: readonly number[] = Array.from(
  { length: N_BANDS },
  (_, i) => WL_START + WL_STEP * i,
);

/** A spectrum on WAVELENGTHS. */
export type Spectrum = readonly number[];

/** Sum over the bands of the product of the given spectra. */
export function dot(...spectra: Spectrum[]): number {
  let s = 0;
  for (let i = 0; i < N_BANDS; i++) {
    let p = 1;
    for (const sp of spectra) p *= sp[i]!;
    s += p;
  }
  return s;
}

/** A spectrum tabulated from `start` nm every 10 nm, put on WAVELENGTHS with its end values held flat. */
export function onGrid(values: readonly number[], start: number): number[] {
  const first = Math.round((start - WL_START) / WL_STEP);
  return WAVELENGTHS.map((_, i) => values[Math.min(values.length - 1, Math.max(0, i - first))]!);
}
