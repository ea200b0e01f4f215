/**
 * Civil twilight, measured: downwelling spectral irradiance (energy units) with the sun 3 degrees
 * below the horizon, at a rural site (Cherry Springs State Park, Pennsylvania; moonless), relative
 * to its value at 555 nm, on WAVELENGTHS (380-730 nm, 10 nm).
 *
 * Spitschan, M., Aguirre, G. K., Brainard, D. H. & Sweeney, A. M. (2016). Variation of outdoor
 * illumination as a function of solar elevation and light pollution. Scientific Reports 6: 26756
 * (open access, CC BY 4.0), Figure 1A, "civic twilight" panel: the mean of the spectra binned at a
 * solar elevation of -3 degrees, normalised at 555 nm.
 *
 * How these numbers were had: the authors' repository spitschan/IlluminationSpectraDataset (MIT
 * licence, Copyright (c) 2016 Manuel Spitschan; commit 1d2ecc69cb15885b147d2831cae89fbd15d471fa)
 * holds that figure as a vector PDF (analysis/results/IlluminationSpectraDataset_Analysis_Figure1A.pdf,
 * drawn by analysis/IlluminationSpectraDataset_Analysis_Figure1.m from 1 nm data, 280-840 nm). The
 * -3 degree curve (colour #009999) was read from the PDF's path coordinates, exactly, not by eye:
 * its 561 points fall on the 1 nm grid to 1e-4 pt, and the value at 555 nm reads 1.0000. Each
 * entry here is the 10 nm band mean (trapezoid over ±5 nm) of those 1 nm values. The ozone
 * (Chappuis) trough near 600 nm, the O2 band near 690 nm and the water band near 720 nm show.
 */
export const TWILIGHT_CIVIL_MINUS3: readonly number[] = [
  0.62, 0.676, 0.925, 1.17, 1.219, 1.182, 1.339, 1.508, 1.556, 1.536, 1.5, 1.434, 1.381, 1.286, 1.209, 1.147,
  1.084, 1.027, 0.933, 0.792, 0.761, 0.733, 0.705, 0.748, 0.78, 0.761, 0.852, 0.853, 0.914, 1.012, 1.021,
  0.811, 0.855, 0.912, 0.659, 0.651,
];
