/**
 * Stockman & Sharpe (2000) 2-degree cone fundamentals, energy units, each normalised to a peak
 * of 1 (the CIE 2006 LMS "physiologically relevant" functions of CIE 170-1:2006; they include the
 * human lens and macular pigment), at WAVELENGTHS (380-730 nm, 10 nm).
 *
 * Stockman, A. & Sharpe, L. T. (2000). The spectral sensitivities of the middle- and
 * long-wavelength-sensitive cones derived from measurements in observers of known genotype.
 * Vision Research 40(13): 1711-1737.
 *
 * Source: colour-science/colour (Colour Developers), file colour/colorimetry/datasets/cmfs.py ("Stockman & Sharpe 2 Degree Cone Fundamentals", from CVRL), snapshot commit
 * 9d743142ed97a5cfae347b559aca14c43464eb70 (2024-10-11), BSD-3-Clause licence
 * (Copyright 2013 Colour Developers). Sampled here every 10 nm from 380 to 730 nm (every second
 * entry of the 5 nm table, or every tenth of the 1 nm one); no interpolation.
 * The table starts at 390 nm: the 380 nm entry is 0 here (not tabulated; the human lens passes
 * little there).
 */
export const SS_L: readonly number[] = [
  0, 0.000415003, 0.00240836, 0.00872127, 0.018448, 0.0281877, 0.0402563, 0.0498639, 0.0647164, 0.0994755,
  0.140145, 0.191556, 0.288959, 0.443683, 0.628561, 0.77063, 0.881011, 0.940198, 0.981445, 0.999993, 0.969429,
  0.927673, 0.833982, 0.705713, 0.554224, 0.400711, 0.265784, 0.165141, 0.0930085, 0.0498661, 0.025379,
  0.0121701, 0.00589749, 0.00280447, 0.00132687, 0.000639373,
];
export const SS_M: readonly number[] = [
  0, 0.000368349, 0.00226991, 0.00879369, 0.0216649, 0.0394566, 0.0647782, 0.0870524, 0.116272, 0.175893,
  0.235754, 0.30363, 0.427764, 0.61552, 0.81661, 0.935687, 0.995217, 0.977193, 0.91775, 0.813509, 0.653274,
  0.492599, 0.334429, 0.205273, 0.116641, 0.062112, 0.0314282, 0.015448, 0.00730255, 0.00343667, 0.00163734,
  0.000761051, 0.000365317, 0.000174402, 8.41716e-5, 4.16049e-5,
];
export const SS_S: readonly number[] = [
  0, 0.00954729, 0.0566498, 0.233008, 0.543618, 0.802555, 0.99102, 0.955393, 0.786704, 0.646359, 0.390333,
  0.211867, 0.122839, 0.060821, 0.0292033, 0.0126013, 0.005089, 0.00195896, 0.000740174, 0.0002818,
  0.000109454, 4.39024e-5, 1.83459e-5, 8.03488e-6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];
