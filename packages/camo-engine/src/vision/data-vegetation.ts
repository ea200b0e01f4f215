/**
 * Vegetation reflectances, measured (0-1), from 380 nm every 10 nm to 700 nm (33 values; entry i is
 * at 380 + 10 i nm). The engine's grid runs on to 730 nm: `onGrid` holds the 700 nm value flat
 * there, which understates green grass's red edge, where deer cones catch under 2 % of their peak.
 *
 * Source: USGS Spectral Library Version 7 (Kokaly, R. F., Clark, R. N., Swayze, G. A., Livo, K. E.,
 * Hoefen, T. M., Pearson, N. C., Wise, R. A., Benzel, W. M., Lowers, H. A., Driscoll, R. L. &
 * Klein, A. J. (2017), U.S. Geological Survey Data Series 1035, doi:10.3133/ds1035; data release
 * doi:10.5066/F7RR1WDJ), Beckman spectrometer, absolute reflectance. A work of the U.S.
 * Government: public domain (the release is marked CC0 1.0).
 *
 * - GREEN_GRASS: splib07a_Lawn_Grass_GDS91_green_BECKa_AREF (green lawn grass);
 * - DRY_GRASS: splib07a_Cheatgrass_ANP92-11A_BECKa_AREF (dry cheatgrass: leaves, stems, seeds);
 * - DEAD_PLANT: splib07a_Tumbleweed_ANP92-2C_Dry_BECKa_AREF (dried tumbleweed), our stand-in for
 *   leaf litter: dead plant matter, not a measurement of a forest floor.
 *
 * How these numbers were had: the USGS release could not be reached from here. They are read from
 * docs/uv-calibration/materials-render.csv of the public repository AdamDHines/ApiaViz (commit
 * 2f96b8db67b0de17f1ddddd56648e5080264bc6b; no licence file, so only the public-domain USGS values
 * are taken, no code), which took these records from the OpenSpecLib v0.0.6 repackaging (checksums
 * matched), interpolated them linearly onto a 5 nm grid from valid bands only (green grass: three
 * invalid points at 407-411 nm bridged) and cross-checked three against the primary USGS ASCII
 * files to 5e-7. Every second 5 nm entry is kept, rounded to 4 decimals. Not checked against USGS
 * here. Another 10 nm resampling of the same Lawn_Grass record found in a public
 * repository agrees within 0.003 (at 690 nm, on the red edge).
 */
export const GREEN_GRASS: readonly number[] = [
  0.0218, 0.022, 0.0252, 0.0276, 0.0299, 0.0309, 0.0313, 0.0355, 0.0364, 0.0366, 0.0366, 0.0368, 0.0394,
  0.0466, 0.0637, 0.0842, 0.094, 0.097, 0.0949, 0.0843, 0.0724, 0.066, 0.0634, 0.06, 0.0558, 0.0531, 0.05,
  0.045, 0.0425, 0.0391, 0.0384, 0.0462, 0.0901,
];

export const DRY_GRASS: readonly number[] = [
  0.0256, 0.0284, 0.0315, 0.0361, 0.0406, 0.0452, 0.0491, 0.053, 0.0562, 0.0603, 0.0629, 0.0655, 0.0685,
  0.0718, 0.0752, 0.0787, 0.0816, 0.0858, 0.0898, 0.0927, 0.0956, 0.1007, 0.1063, 0.1133, 0.1195, 0.1262,
  0.1338, 0.141, 0.1493, 0.1565, 0.164, 0.1729, 0.1895,
];

export const DEAD_PLANT: readonly number[] = [
  0.0407, 0.045, 0.0504, 0.0559, 0.0613, 0.0672, 0.0731, 0.0794, 0.0862, 0.0925, 0.0989, 0.1053, 0.1116,
  0.119, 0.125, 0.1321, 0.1403, 0.1484, 0.1573, 0.1653, 0.1743, 0.1823, 0.1912, 0.2006, 0.2086, 0.2172,
  0.2244, 0.2325, 0.2397, 0.2465, 0.2544, 0.262, 0.2687,
];
