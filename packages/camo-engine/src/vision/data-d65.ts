/**
 * CIE standard illuminant D65, relative spectral power (100 at 560 nm; CIE ISO 11664-2),
 * at WAVELENGTHS (380-730 nm, 10 nm).
 *
 * Source: colour-science/colour (Colour Developers), file colour/colorimetry/datasets/illuminants/sds.py (DATA_ILLUMINANTS_CIE "D65"), snapshot commit
 * 9d743142ed97a5cfae347b559aca14c43464eb70 (2024-10-11), BSD-3-Clause licence
 * (Copyright 2013 Colour Developers). Sampled here every 10 nm from 380 to 730 nm (every second
 * entry of the 5 nm table, or every tenth of the 1 nm one); no interpolation.
 */
export const D65: readonly number[] = [
  49.9755, 54.6482, 82.7549, 91.486, 93.4318, 86.6823, 104.865, 117.008, 117.812, 114.861, 115.923, 108.811,
  109.354, 107.802, 104.79, 107.689, 104.405, 104.046, 100, 96.3342, 95.788, 88.6856, 90.0062, 89.5991,
  87.6987, 83.2886, 83.6992, 80.0268, 80.2146, 82.2778, 78.2842, 69.7213, 71.6091, 74.349, 61.604, 69.8856,
];
