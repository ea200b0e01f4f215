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
import type { LightId } from '../vision/illuminants.js';
import { prepareDesign, sceneOf, type DesignTile, type Rgb, type Scene, type TargetFill } from './compose.js';
import { measureCrop } from './measures.js';
import {
  DEFAULT_WEIGHTS,
  expectedHiddenSeconds,
  MEASURE_NAMES,
  type ConcealmentMeasures,
  type PredictorWeights,
} from './model.js';
import {
  DISTANCES_M,
  nyquistPxPerDeg,
  OBSERVERS,
  observerAt,
  observerById,
  viewGeometry,
  type Observer,
  type ObserverId,
} from './observers.js';
import {
  preparePhoto,
  standAt,
  tileOriginOf,
  viewerPlace,
  type OutOfRange,
  type PreparedPhoto,
  type Stand,
} from './placement.js';
import { silhouettes, type Placement, type Silhouette } from './silhouettes.js';
import { observe, targetCrop, wholeView, workScale, type TargetCrop } from './view.js';

export { preparePhoto, type OutOfRange, type PreparedPhoto } from './placement.js';
export {
  DEFAULT_WEIGHTS,
  expectedHiddenSeconds,
  MEASURE_NAMES,
  predictedHiding,
  predictedMedianSeconds,
  type ConcealmentMeasures,
  type PredictorWeights,
} from './model.js';

/**
 * A design (its pixels, or prepared once with prepareDesign() to share across predictions), or one
 * flat colour (the blend preview's control: the photo's mean colour).
 */
export type Wearing = Photo | DesignTile | { colour: Rgb };

export interface ConcealmentInput {
  /** A photo, or one prepared with preparePhoto() to share across designs. */
  photo: Photo | PreparedPhoto;
  design: Wearing;
  /** How wide the design's tile is printed, in cm (DEFAULT_REPEAT_CM unless told; decision 035). */
  repeatCm?: number;
  observer: ObserverId | Observer;
  distanceM: number;
  /** The crouching hunter by default. */
  silhouette?: Silhouette;
  weights?: PredictorWeights;
  /** Samples (a place and a tile phase each) per distance; placement.ts's SAMPLES by default. */
  samples?: number;
  /** Fresh random places and phases (uniform in [0, 1)) instead of the fixed ones. */
  draw?: () => number;
}

export type ConcealmentResult =
  | { inRange: false; outOfRange: OutOfRange }
  | {
      inRange: true;
      /** The measures averaged over the samples. */
      measures: ConcealmentMeasures;
      /** Each sample's measures, in the stand's order (the same for every design in the photo). */
      samples: ConcealmentMeasures[];
      /** The places the samples stand at: sample i at place i mod places (the error's clusters). */
      places: number;
      /** Predicted hiding (0-100) averaged over the samples, rounded, and its standard error. */
      hiding: number;
      se: number;
      /** The target's height in the photo's pixels. */
      targetPx: number;
      /** Where the viewer shows the target (the stand's middle place), in the photo's pixels. */
      viewerAt: Placement;
      /**
       * The finest detail the figure holds, in cycles per degree: half the pixels per degree its
       * crops were measured at (decision 037).
       */
      heldCpd: number;
      /** Whether the eye sees finer than that (its acuity in this light): the photo limits the figure. */
      limitedByPhoto: boolean;
    };

export const hunter = (): Silhouette =>
  silhouettes.find((s) => s.id === 'crouching-hunter') ?? silhouettes[0]!;

/** What the target wears: a design's pixels printed `repeatCm` wide (a prepared tile keeps its own). */
export function fillOf(design: Wearing, repeatCm?: number): TargetFill {
  if ('colour' in design) return { colour: design.colour };
  if ('levels' in design) return { design };
  return { design: prepareDesign(design, repeatCm) };
}

const prepared = (photo: Photo | PreparedPhoto): PreparedPhoto =>
  'scene' in photo ? photo : preparePhoto(photo);

/**
 * Each observer's crops, one a sample of the stand, at the working scale its eye needs
 * (view.ts#workScale): eyes needing the same scale share theirs.
 */
function cropsOf(
  stand: Stand,
  fill: TargetFill,
  silhouette: Silhouette,
  observers: readonly Observer[],
): Map<Observer, TargetCrop[]> {
  const byScale = new Map<string, Observer[]>();
  for (const o of observers) {
    const key = sourceOf(stand, o).key;
    byScale.set(key, [...(byScale.get(key) ?? []), o]);
  }
  const crops = new Map<Observer, TargetCrop[]>();
  for (const eyes of byScale.values()) {
    const { scene, factor } = sourceOf(stand, eyes[0]!);
    const each = stand.samples.map((s) => {
      const place = { ...s.place, x: s.place.x * factor, y: s.place.y * factor, size: s.place.size * factor };
      const origin = tileOriginOf(s, silhouette, fill);
      return targetCrop(scene, fill, silhouette, place, eyes, stand.pxPerDeg * factor, [
        origin[0] * factor,
        origin[1] * factor,
      ]);
    });
    for (const o of eyes) crops.set(o, each);
  }
  return crops;
}

/**
 * The scene an eye's targets are cropped from (decision 037): the photo's detail copy when the
 * stand has one and the eye resolves more than the photo holds (nyquistPxPerDeg), else the photo;
 * with its factor, and a key naming it and the working scale there (eyes with one key share crops).
 */
function sourceOf(stand: Stand, observer: Observer): { scene: Scene; factor: number; key: string } {
  const detail = stand.detail && nyquistPxPerDeg(observer) > stand.pxPerDeg ? stand.detail : undefined;
  const factor = detail?.factor ?? 1;
  const k = workScale(stand.targetPx * factor, stand.pxPerDeg * factor, [observer]);
  return { scene: detail?.scene ?? stand.scene, factor, key: `${factor}:${Math.round(k * 1e6)}` };
}

/**
 * A figure is limited by its photo when it holds less than this share of the eye's acuity (a deer's
 * crop is made to hold its contrast sensitivity's cutoff, 5 c/deg, which rounding leaves a hair
 * under its acuity of 5).
 */
const LIMIT_SHARE = 0.95;

/** Predicted hiding (0-100, unrounded) of one sample's measures. */
export function sampleHiding(m: ConcealmentMeasures, w: PredictorWeights): number {
  return (100 * expectedHiddenSeconds(m, w)) / 15;
}

/**
 * The mean of values and its standard error. With `clusters`, value i belongs to cluster i mod
 * clusters (a stand's place: placement.ts puts sample i at place i mod places), and the error is
 * the clusters' (the SD of the cluster means over the root of their count): samples at one place
 * share its ground, so they are not independent, and the error of the mean is that of the places
 * (decision 028). Without, the SD of the values over the root of their count.
 */
export function meanAndError(
  values: readonly number[],
  clusters = values.length,
): { mean: number; se: number } {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const k = Math.max(1, Math.min(clusters, n));
  const sums = new Float64Array(k);
  const counts = new Float64Array(k);
  values.forEach((v, i) => {
    sums[i % k]! += v;
    counts[i % k]! += 1;
  });
  if (k < 2) return { mean, se: 0 };
  const means = Array.from(sums, (sum, j) => sum / counts[j]!);
  const m = means.reduce((a, b) => a + b, 0) / k;
  const variance = means.reduce((a, v) => a + (v - m) ** 2, 0) / (k - 1);
  return { mean, se: Math.sqrt(variance / k) };
}

function averaged(samples: readonly ConcealmentMeasures[]): ConcealmentMeasures {
  const sum: ConcealmentMeasures = {
    colourContrast: 0,
    luminanceContrast: 0,
    gabrat: 0,
    textureDifference: 0,
  };
  for (const m of samples) for (const name of MEASURE_NAMES) sum[name] += m[name] / samples.length;
  return sum;
}

/** The result at one stand for one observer from its crops. */
function resultOf(
  crops: readonly TargetCrop[],
  stand: Stand,
  observer: Observer,
  weights: PredictorWeights,
): ConcealmentResult {
  const samples = crops.map((crop) => measureCrop(observe(crop, observer)));
  const places = stand.places.length;
  const { mean, se } = meanAndError(
    samples.map((m) => sampleHiding(m, weights)),
    places,
  );
  return {
    inRange: true,
    measures: averaged(samples),
    samples,
    places,
    hiding: Math.round(mean),
    se,
    targetPx: stand.targetPx,
    viewerAt: viewerPlace(stand),
    heldCpd: crops[0]!.pxPerDeg / 2,
    limitedByPhoto: crops[0]!.pxPerDeg / 2 < LIMIT_SHARE * observer.acuityCpd,
  };
}

/**
 * One target's measures at a given place in a photo (a played round's own picture, decision 028):
 * its pixels per degree follow from the photo's field of view, its tiling starts at `tileOrigin`.
 */
export function measureAt(input: {
  photo: Photo | PreparedPhoto;
  design: Wearing;
  observer: ObserverId;
  placement: Placement;
  silhouette?: Silhouette;
  /** How wide the design's tile is printed, in cm (DEFAULT_REPEAT_CM unless told; decision 035). */
  repeatCm?: number;
  tileOrigin?: [number, number];
  /** Photo pixels per degree; by default those of the photo's 65-degree field of view. */
  pxPerDeg?: number;
}): ConcealmentMeasures {
  const scene = 'scene' in input.photo ? input.photo.scene : sceneOf(input.photo);
  const silhouette = input.silhouette ?? hunter();
  const observer = observerById(input.observer);
  const pxPerDeg = input.pxPerDeg ?? viewGeometry(scene.width, scene.height, silhouette.heightM, 10).pxPerDeg;
  const crop = targetCrop(
    scene,
    fillOf(input.design, input.repeatCm),
    silhouette,
    input.placement,
    [observer],
    pxPerDeg,
    input.tileOrigin,
  );
  return measureCrop(observe(crop, observer));
}

/** Predicted hiding of a design (or a flat colour) worn by a target at one distance, for one observer. */
export function predictConcealment(input: ConcealmentInput): ConcealmentResult {
  const [row] = predictConcealmentTable({
    ...input,
    observers: [typeof input.observer === 'string' ? input.observer : input.observer.id],
    distances: [input.distanceM],
  });
  return row!.result;
}

export interface ConcealmentTableInput {
  /** A photo, or one prepared with preparePhoto() to share across designs. */
  photo: Photo | PreparedPhoto;
  design: Wearing;
  /** How wide the design's tile is printed, in cm (DEFAULT_REPEAT_CM unless told; decision 035). */
  repeatCm?: number;
  silhouette?: Silhouette;
  weights?: PredictorWeights;
  observers?: readonly ObserverId[];
  distances?: readonly number[];
  /** The light the eyes see it in (decision 034): daylight unless told. */
  light?: LightId;
  samples?: number;
  draw?: () => number;
}

export interface ConcealmentRow {
  observer: ObserverId;
  distanceM: number;
  result: ConcealmentResult;
}

/**
 * Every observer at every distance (the person and the deer at 10, 25, 50 and 100 m by default):
 * at each distance the target stands at the stand's places with its tile phases (placement.ts),
 * each sample composed once and filtered once per observer; the figure is the average over the
 * samples, with its standard error (decision 028).
 */
export function predictConcealmentTable(input: ConcealmentTableInput): ConcealmentRow[] {
  const photo = prepared(input.photo);
  const fill = fillOf(input.design, input.repeatCm);
  const silhouette = input.silhouette ?? hunter();
  const weights = input.weights ?? DEFAULT_WEIGHTS;
  const light = input.light ?? 'daylight';
  const observers = (input.observers ?? OBSERVERS.map((o) => o.id)).map((id) => observerAt(id, light));
  const rows: ConcealmentRow[] = [];
  for (const distanceM of input.distances ?? DISTANCES_M) {
    const stand = standAt(photo, silhouette, distanceM, { samples: input.samples, draw: input.draw });
    if ('outOfRange' in stand) {
      for (const observer of observers)
        rows.push({
          observer: observer.id,
          distanceM,
          result: { inRange: false, outOfRange: stand.outOfRange },
        });
      continue;
    }
    const crops = cropsOf(stand, fill, silhouette, observers);
    for (const observer of observers)
      rows.push({
        observer: observer.id,
        distanceM,
        result: resultOf(crops.get(observer)!, stand, observer, weights),
      });
  }
  return rows;
}

/**
 * A against B over the same samples (the same photo, so the same places and phases in the same
 * order): the mean paired difference of predicted hiding (A less B), its standard error over the
 * places (`places`: sample i stands at place i mod places), and whether the gap is reliable: more
 * than RELIABLE_GAP_SE of them, and at least MIN_NAMED_GAP points (decision 028).
 */
export function pairedGap(
  a: readonly ConcealmentMeasures[],
  b: readonly ConcealmentMeasures[],
  places: number,
  weights: PredictorWeights = DEFAULT_WEIGHTS,
): { difference: number; se: number; reliable: boolean } {
  if (a.length !== b.length || a.length < 2) throw new RangeError('paired samples of equal length needed');
  const { mean, se } = meanAndError(
    a.map((m, i) => sampleHiding(m, weights) - sampleHiding(b[i]!, weights)),
    places,
  );
  return { difference: mean, se, reliable: reliableGap(mean, se) };
}

/**
 * A gap is named past this many standard errors of the paired difference: if the true gap were
 * at the line, a fresh estimate would fall on the same side in Phi(2.8 / sqrt 2) = 97.6% of draws;
 * a gap that clears it by its own noise replicates in at least 95% (decision 028).
 */
export const RELIABLE_GAP_SE = 2.8;
/** Nor is a gap under this many points named, however sure: rounded figures 1 apart read as equal. */
export const MIN_NAMED_GAP = 2;
/**
 * How far a figure moves with the layout of its pattern alone: the same palette, shares and shape
 * sizes laid out from another seed. Measured on the 19 held-out photos, 564 pairs of layouts paired
 * over the same places and phases: 1.66 points (95% 1.28-2.00; scripts/layout-spread.ts). Without
 * it, 64 of those 564 pairs (11%) were named apart, a gap the pattern does not make: which blob of
 * one tile falls where is as fragile on real gear (its scale, folds, a pose) as it is large on
 * the screen (decision 028).
 */
export const LAYOUT_SD = 1.7;

/**
 * Whether a gap between two designs is named: beyond RELIABLE_GAP_SE of its error, the paired
 * samples' `se` and each design's layout (LAYOUT_SD, independent in each) together, and at least
 * MIN_NAMED_GAP points.
 */
export function reliableGap(difference: number, se: number): boolean {
  return (
    Math.abs(difference) > RELIABLE_GAP_SE * Math.hypot(se, Math.SQRT2 * LAYOUT_SD) &&
    Math.abs(difference) >= MIN_NAMED_GAP
  );
}

export interface ObserverViewInput {
  photo: Photo | PreparedPhoto;
  design: Wearing;
  /** How wide the design's tile is printed, in cm (DEFAULT_REPEAT_CM unless told; decision 035). */
  repeatCm?: number;
  observer: ObserverId;
  distanceM: number;
  /** The light (decision 034): daylight unless told. */
  light?: LightId;
  silhouette?: Silhouette;
}

/**
 * The design page's viewer: the photo (or a close-up's ground at that distance) with the target at
 * the stand's middle place, as the observer resolves it at `distanceM`, RGB three bytes a pixel at
 * the photo's size, with where the target stands: filtered by its acuity, and in the dichromat's
 * colours for the deer. Null when the distance is out of range.
 */
export function observerView(
  input: ObserverViewInput,
): { width: number; height: number; data: Uint8Array; place: Placement } | null {
  const photo = prepared(input.photo);
  const silhouette = input.silhouette ?? hunter();
  const stand = standAt(photo, silhouette, input.distanceM);
  if ('outOfRange' in stand) return null;
  const place = viewerPlace(stand);
  const view = wholeView(
    stand.scene,
    fillOf(input.design, input.repeatCm),
    silhouette,
    place,
    observerAt(input.observer, input.light ?? 'daylight'),
    stand.pxPerDeg,
  );
  return { ...view, place };
}
