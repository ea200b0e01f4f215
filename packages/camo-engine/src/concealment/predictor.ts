/**
 * Predicted concealment (issue 27, decision 016): how long a design worn by a target in a photo
 * stays hidden from an observer at a distance, from measures the literature ties to search time.
 *
 * The model: log(seconds to find) = intercept + sum(weight * measure) + noise ~ N(0, sigma^2),
 * censored at 15 s as hide and seek's rounds are. "Predicted hiding" (0-100) is the expected time
 * hidden up to 15 s, as a share of 15 s: the same quantity the game's Kaplan-Meier score measures
 * (decision 011), so a calibration fit on played rounds maps one onto the other.
 */
import type { Photo } from '../types.js';
import { prepareDesign, sceneOf, type DesignTile, type Rgb, type Scene, type TargetFill } from './compose.js';
import { measureCrop } from './measures.js';
import {
  blurSigmaPx,
  DISTANCES_M,
  OBSERVERS,
  observerById,
  viewGeometry,
  type Observer,
  type ObserverId,
} from './observers.js';
import { silhouettes, type Silhouette } from './silhouettes.js';
import { observe, placementsFor, targetCrop, wholeView, type TargetCrop } from './view.js';

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

/** log(seconds to find) = intercept + sum(weights[m] * measures[m]) + noise ~ N(0, sigma^2), censored at 15 s. */
export interface PredictorWeights {
  intercept: number;
  weights: Record<(typeof MEASURE_NAMES)[number], number>;
  sigma: number;
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
};

function linear(m: ConcealmentMeasures, w: PredictorWeights): number {
  let mu = w.intercept;
  for (const name of MEASURE_NAMES) mu += w.weights[name] * m[name];
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
 */
export function expectedHiddenSeconds(m: ConcealmentMeasures, w: PredictorWeights): number {
  const mu = linear(m, w);
  const s = w.sigma;
  const c = Math.log(CENSOR_SECONDS);
  if (s <= 0) return Math.min(CENSOR_SECONDS, Math.exp(mu));
  return (
    Math.exp(mu + (s * s) / 2) * normalCdf((c - mu - s * s) / s) +
    CENSOR_SECONDS * (1 - normalCdf((c - mu) / s))
  );
}

/** 0-100: the expected time hidden up to 15 s as a share of 15 s, rounded. */
export function predictedHiding(m: ConcealmentMeasures, w: PredictorWeights): number {
  return Math.round((100 * expectedHiddenSeconds(m, w)) / CENSOR_SECONDS);
}

/** The median time to find, exp(intercept + sum(weight * measure)): meaningful once weights are fitted. */
export function predictedMedianSeconds(m: ConcealmentMeasures, w: PredictorWeights): number {
  return Math.exp(linear(m, w));
}

/**
 * A design (its pixels, or prepared once with prepareDesign() to share across predictions), or one
 * flat colour (the blend preview's control: the photo's mean colour).
 */
export type Wearing = Photo | DesignTile | { colour: Rgb };

export interface ConcealmentInput {
  photo: Photo;
  design: Wearing;
  observer: ObserverId | Observer;
  distanceM: number;
  /** The crouching hunter by default. */
  silhouette?: Silhouette;
  weights?: PredictorWeights;
}

export type ConcealmentResult =
  | { inRange: false }
  | {
      inRange: true;
      measures: ConcealmentMeasures;
      hiding: number;
      /** The target's height in the photo's pixels. */
      targetPx: number;
    };

const hunter = (): Silhouette => silhouettes.find((s) => s.id === 'crouching-hunter') ?? silhouettes[0]!;

/** A photo prepared once for many predictions: its scene (pixels and light). */
export interface PreparedPhoto {
  scene: Scene;
}

export function preparePhoto(photo: Photo): PreparedPhoto {
  return { scene: sceneOf(photo) };
}

export function fillOf(design: Wearing): TargetFill {
  if ('colour' in design) return { colour: design.colour };
  if ('levels' in design) return { design };
  return { design: prepareDesign(design) };
}

/** The three crops of one fill at one distance (shared by every observer). */
function cropsAt(
  scene: Scene,
  fill: TargetFill,
  silhouette: Silhouette,
  distanceM: number,
): { crops: TargetCrop[]; targetPx: number; pxPerDeg: number } | null {
  const geometry = viewGeometry(scene.width, scene.height, silhouette.heightM, distanceM);
  if (!geometry.inRange) return null;
  const widest = Math.min(...OBSERVERS.map((o) => o.acuityCpd));
  const blur = blurSigmaPx(widest, geometry.pxPerDeg);
  const crops = placementsFor(scene.width, scene.height, geometry.targetPx).map((p) =>
    targetCrop(scene, fill, silhouette, p, blur),
  );
  return { crops, targetPx: geometry.targetPx, pxPerDeg: geometry.pxPerDeg };
}

/** The measures averaged over the three placements, as `observer` sees them. */
function measuresOf(crops: TargetCrop[], observer: Observer, pxPerDeg: number): ConcealmentMeasures {
  const sum: ConcealmentMeasures = {
    colourContrast: 0,
    luminanceContrast: 0,
    gabrat: 0,
    textureDifference: 0,
  };
  for (const crop of crops) {
    const m = measureCrop(observe(crop, observer, pxPerDeg));
    for (const name of MEASURE_NAMES) sum[name] += m[name] / crops.length;
  }
  return sum;
}

/** Predicted hiding of a design (or a flat colour) worn by a target at one distance, for one observer. */
export function predictConcealment(input: ConcealmentInput): ConcealmentResult {
  const observer = typeof input.observer === 'string' ? observerById(input.observer) : input.observer;
  const at = cropsAt(
    sceneOf(input.photo),
    fillOf(input.design),
    input.silhouette ?? hunter(),
    input.distanceM,
  );
  if (!at) return { inRange: false };
  const measures = measuresOf(at.crops, observer, at.pxPerDeg);
  return {
    inRange: true,
    measures,
    hiding: predictedHiding(measures, input.weights ?? DEFAULT_WEIGHTS),
    targetPx: at.targetPx,
  };
}

export interface ConcealmentTableInput {
  /** A photo, or one prepared with preparePhoto() to share across designs. */
  photo: Photo | PreparedPhoto;
  design: Wearing;
  silhouette?: Silhouette;
  weights?: PredictorWeights;
  observers?: readonly ObserverId[];
  distances?: readonly number[];
}

export interface ConcealmentRow {
  observer: ObserverId;
  distanceM: number;
  result: ConcealmentResult;
}

/**
 * Every observer at every distance (the person and the deer at 10, 25, 50 and 100 m by default),
 * composing each distance's targets once and filtering them once per observer.
 */
export function predictConcealmentTable(input: ConcealmentTableInput): ConcealmentRow[] {
  const scene = 'scene' in input.photo ? input.photo.scene : sceneOf(input.photo);
  const fill = fillOf(input.design);
  const silhouette = input.silhouette ?? hunter();
  const weights = input.weights ?? DEFAULT_WEIGHTS;
  const observers = (input.observers ?? OBSERVERS.map((o) => o.id)).map(observerById);
  const rows: ConcealmentRow[] = [];
  for (const distanceM of input.distances ?? DISTANCES_M) {
    const at = cropsAt(scene, fill, silhouette, distanceM);
    for (const observer of observers) {
      if (!at) {
        rows.push({ observer: observer.id, distanceM, result: { inRange: false } });
        continue;
      }
      const measures = measuresOf(at.crops, observer, at.pxPerDeg);
      rows.push({
        observer: observer.id,
        distanceM,
        result: {
          inRange: true,
          measures,
          hiding: predictedHiding(measures, weights),
          targetPx: at.targetPx,
        },
      });
    }
  }
  return rows;
}

export interface ObserverViewInput {
  photo: Photo;
  design: Wearing;
  observer: ObserverId;
  distanceM: number;
  silhouette?: Silhouette;
}

/**
 * The design page's viewer: the photo with the target (at the middle of the three placements) as
 * the observer resolves it at `distanceM`, RGB three bytes a pixel at the photo's size: filtered by
 * its acuity, and in the dichromat's colours for the deer. Null when the distance is out of range.
 */
export function observerView(
  input: ObserverViewInput,
): { width: number; height: number; data: Uint8Array } | null {
  const scene = sceneOf(input.photo);
  const silhouette = input.silhouette ?? hunter();
  const geometry = viewGeometry(scene.width, scene.height, silhouette.heightM, input.distanceM);
  if (!geometry.inRange) return null;
  const placement = placementsFor(scene.width, scene.height, geometry.targetPx)[1]!;
  return wholeView(
    scene,
    fillOf(input.design),
    silhouette,
    placement,
    observerById(input.observer),
    geometry.pxPerDeg,
  );
}
