/**
 * CIE 1951 scotopic luminous efficiency V'(λ) (rods, the human lens included), peak 1 at 507 nm,
 * at WAVELENGTHS (380-730 nm, 10 nm).
 *
 * Source: colour-science/colour (Colour Developers), file colour/colorimetry/datasets/lefs.py ("CIE 1951 Scotopic Standard Observer"), snapshot commit
 * 9d743142ed97a5cfae347b559aca14c43464eb70 (2024-10-11), BSD-3-Clause licence
 * (Copyright 2013 Colour Developers). Sampled here every 10 nm from 380 to 730 nm (every second
 * entry of the 5 nm table, or every tenth of the 1 nm one); no interpolation.
 */
export const SCOTOPIC_V: readonly number[] = [
  0.000589, 0.002209, 0.00929, 0.03484, 0.0966, 0.1998, 0.3281, 0.455, 0.567, 0.676, 0.793, 0.904, 0.982,
  0.997, 0.935, 0.811, 0.65, 0.481, 0.3288, 0.2076, 0.1212, 0.0655, 0.03315, 0.01593, 0.00737, 0.003335,
  0.001497, 0.000677, 0.0003129, 0.000148, 7.15e-5, 3.533e-5, 1.78e-5, 9.14e-6, 4.78e-6, 2.546e-6,
];
