/**
 * CIE 1931 2-degree standard observer colour-matching functions x̄, ȳ, z̄ (CIE 015:2018),
 * at WAVELENGTHS (380-730 nm, 10 nm).
 *
 * Source: colour-science/colour (Colour Developers), file colour/colorimetry/datasets/cmfs.py ("CIE 1931 2 Degree Standard Observer", from CVRL), snapshot commit
 * 9d743142ed97a5cfae347b559aca14c43464eb70 (2024-10-11), BSD-3-Clause licence
 * (Copyright 2013 Colour Developers). Sampled here every 10 nm from 380 to 730 nm (every second
 * entry of the 5 nm table, or every tenth of the 1 nm one); no interpolation.
 */
export const CIE1931_X: readonly number[] = [
  0.001368, 0.004243, 0.01431, 0.04351, 0.13438, 0.2839, 0.34828, 0.3362, 0.2908, 0.19536, 0.09564, 0.03201,
  0.0049, 0.0093, 0.06327, 0.1655, 0.2904, 0.43345, 0.5945, 0.7621, 0.9163, 1.0263, 1.0622, 1.0026, 0.85445,
  0.6424, 0.4479, 0.2835, 0.1649, 0.0874, 0.04677, 0.0227, 0.0113592, 0.00579035, 0.00289933, 0.00143997,
];
export const CIE1931_Y: readonly number[] = [
  3.9e-5, 0.00012, 0.000396, 0.00121, 0.004, 0.0116, 0.023, 0.038, 0.06, 0.09098, 0.13902, 0.20802, 0.323,
  0.503, 0.71, 0.862, 0.954, 0.99495, 0.995, 0.952, 0.87, 0.757, 0.631, 0.503, 0.381, 0.265, 0.175, 0.107,
  0.061, 0.032, 0.017, 0.00821, 0.004102, 0.002091, 0.001047, 0.00052,
];
export const CIE1931_Z: readonly number[] = [
  0.00645, 0.02005, 0.06785, 0.2074, 0.6456, 1.3856, 1.74706, 1.77211, 1.6692, 1.28764, 0.81295, 0.46518,
  0.272, 0.1582, 0.07825, 0.04216, 0.0203, 0.00875, 0.0039, 0.0021, 0.00165, 0.0011, 0.0008, 0.00034, 0.00019,
  5e-5, 2e-5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];
