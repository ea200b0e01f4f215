/**
 * The time model of predicted concealment (decision 016, calibrated by the game in decisions 017
 * and 029): log(seconds to find) = intercept + sum(weight * measure) + size * ln(deg / reference)
 * + noise ~ N(0, sigma^2), censored at 15 s as hide and seek's rounds are; deg is the target's
 * angular height (every measure is relative to the target's size, so only this term can say that
 * a smaller target is harder to find). "Predicted hiding" (0-100) is the expected time hidden up to
 * 15 s, as a share of 15 s: the same quantity the game's Kaplan-Meier score measures (decision
 * 011), so a calibration fit on played rounds maps one onto the other.
 */

export interface ConcealmentMeasures {
  /** CIEDE2000 between the target's mean colour and its surround's, L* held equal. */
  colourContrast: number;
  /** |delta L*| of the same means. */
  luminanceContrast: number;
  /** GabRat at the target's outline: above 0.5 disrupted, below it standing out. */
  gabrat: number;
  /** Mean absolute difference of octave-band L* energy, target against surround. */
  textureDifference: number;
}

export const MEASURE_NAMES = ['colourContrast', 'luminanceContrast', 'gabrat', 'textureDifference'] as const;

/**
 * log(seconds to find) = intercept + sum(weights[m] * measures[m]) + size.coefficient * ln(deg /
 * size.referenceDeg) + noise ~ N(0, sigma^2), censored at 15 s.
 */
export interface PredictorWeights {
  intercept: number;
  weights: Record<(typeof MEASURE_NAMES)[number], number>;
  sigma: number;
  /**
   * The target's angular size (decision 029): a coefficient on ln(its angular height in degrees
   * over referenceDeg). Absent (a fit from before it, or no size given), the term is 0: the
   * intercept is then the time at whatever size the weights were fitted at.
   */
  size?: { coefficient: number; referenceDeg: number };
}

/** The crouching hunter's height, metres (silhouettes.ts): the predictor's target at every distance. */
export const HUNTER_HEIGHT_M = 1.05;

/** The angular height, degrees, of a target `heightM` tall at `distanceM`: 2 atan(h / 2d). */
export function targetDegrees(distanceM: number, heightM = HUNTER_HEIGHT_M): number {
  return (2 * Math.atan(heightM / (2 * distanceM)) * 180) / Math.PI;
}

/**
 * The angular height, degrees, of a target `sizePx` tall in a photo `photoWidth` pixels wide, at the
 * pinhole focal length of the 65-degree horizontal field of view every photo is taken to have
 * (observers.ts#viewGeometry): 2 atan(size / 2f), f = (W / 2) / tan(32.5 deg).
 */
export function targetDegreesInPhoto(sizePx: number, photoWidth: number, fovDeg = 65): number {
  const focalPx = photoWidth / 2 / Math.tan(((fovDeg / 2) * Math.PI) / 180);
  return (2 * Math.atan(sizePx / (2 * focalPx)) * 180) / Math.PI;
}

/** A round of hide and seek ends at 15 s (decision 011). */
const CENSOR_SECONDS = 15;

/**
 * Until the game has calibrated it: signs from the literature (colour and luminance contrast and a
 * texture unlike the ground make a target found sooner; false edges at its outline, a higher
 * GabRat, later), magnitudes in standard deviations of each measure over the fixture designs, and
 * the intercept set so a design worn in its own photo (the case every page shows) is found by a
 * person at 25 m in a median of about 6 s, the middle of the game's 15 s (decision 016).
 */
export const DEFAULT_WEIGHTS: PredictorWeights = {
  intercept: 0.15,
  weights: { colourContrast: -0.074, luminanceContrast: -0.055, gabrat: 6.7, textureDifference: -0.2 },
  sigma: 0.8,
  // Half the angular size, 2^0.5 = 1.4 times as long to find: Hess, Wismer, Bohil & Neider 2016
  // (camouflaged targets cut from forest scenes, 40-70 px) report mean search times of 7.3 s to
  // 5.4 s and 7.1 s to 5.6 s across sizes, slopes of -0.54 and -0.42 in log time per log size
  // (decision 029). The reference is the hunter at 25 m, where the intercept was set, so the
  // default figures at 25 m are those of before.
  size: { coefficient: -0.5, referenceDeg: targetDegrees(25) },
};

function linear(m: ConcealmentMeasures, w: PredictorWeights, targetDeg?: number): number {
  let mu = w.intercept;
  for (const name of MEASURE_NAMES) mu += w.weights[name] * m[name];
  if (w.size && targetDeg !== undefined && targetDeg > 0)
    mu += w.size.coefficient * Math.log(targetDeg / w.size.referenceDeg);
  return mu;
}

/** The standard normal CDF (Abramowitz & Stegun 7.1.26 for erf; absolute error under 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * E[min(T, 15)] for log T ~ N(mu, sigma^2), in closed form:
 * exp(mu + sigma^2 / 2) Phi((ln 15 - mu - sigma^2) / sigma) + 15 (1 - Phi((ln 15 - mu) / sigma)).
 * `targetDeg`: the target's angular height (targetDegrees); without it, no size term.
 */
export function expectedHiddenSeconds(
  m: ConcealmentMeasures,
  w: PredictorWeights,
  targetDeg?: number,
): number {
  return expectedMinSeconds(linear(m, w, targetDeg), w.sigma);
}

/** E[min(T, 15)] for log T ~ N(mu, sigma^2) (expectedHiddenSeconds' closed form). */
export function expectedMinSeconds(mu: number, sigma: number): number {
  const s = sigma;
  const c = Math.log(CENSOR_SECONDS);
  if (s <= 0) return Math.min(CENSOR_SECONDS, Math.exp(mu));
  return (
    Math.exp(mu + (s * s) / 2) * normalCdf((c - mu - s * s) / s) +
    CENSOR_SECONDS * (1 - normalCdf((c - mu) / s))
  );
}

/** 0-100: the expected time hidden up to 15 s as a share of 15 s, rounded. */
export function predictedHiding(m: ConcealmentMeasures, w: PredictorWeights, targetDeg?: number): number {
  return Math.round((100 * expectedHiddenSeconds(m, w, targetDeg)) / CENSOR_SECONDS);
}

/** The median time to find, exp(the linear predictor): meaningful once weights are fitted. */
export function predictedMedianSeconds(
  m: ConcealmentMeasures,
  w: PredictorWeights,
  targetDeg?: number,
): number {
  return Math.exp(linear(m, w, targetDeg));
}
