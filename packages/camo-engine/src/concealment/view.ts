/**
 * A target in a photo as an observer sees it: the composite, cropped around the target at a
 * working scale set in visual angle by the eye (decision 037), in the observer's colour vision and
 * filtered by its contrast sensitivity (decisions 016, 036, 037).
 */
import { filterColourDetail, filterSeenByCsf } from './colour-detail.js';
import {
  composeTarget,
  EDGE_SIGMA_PX,
  gaussianBlur,
  outline,
  repeatOf,
  tileSidePx,
  type RgbRaster,
  type Scene,
  type TargetFill,
} from './compose.js';
import {
  blurSigmaPx,
  labPlanes,
  linearPlanes,
  nyquistPxPerDeg,
  planesToRgb,
  shownPlanes,
  type LinearPlanes,
  type Observer,
  type ObserverId,
} from './observers.js';
import type { Placement, Silhouette } from './silhouettes.js';

/**
 * The target's height at the working scale, at least (unless the photo holds fewer pixels): the
 * measures' target-relative scales (the surround an eighth of its height, texture bands down to an
 * eighth) need about 38 px. Beyond that the crop is shrunk no further than the eyes need
 * (workScale).
 */
const TARGET_WORK_PX = 38;
/**
 * And at most (decision 037): a target of 48 px with its surround and the filters' margins fits a
 * 64 x 64 transform; a taller one (a person at 10 m in a photo over 590 px wide, a deer at 10 m in
 * one over 1170) is shrunk to it. A 128 x 128 crop costs four times as much: with a cap of 96 px a
 * design's eight figures took twice as long, and the choose screen's figures came 4 s after the
 * designs (p95), past their 3 s. Such a figure holds less than its eye sees, and says so
 * (predictor.ts#limitedByPhoto).
 */
const TARGET_MAX_WORK_PX = 48;
/**
 * The crop that cap is for. A deer's wider blur needs a few pixels more margin than a person's, so
 * its 48 px target is shrunk a little further (to 46 px) to keep in it: a 128 px crop made a deer's
 * 10 m figure cost as much as the other seven together.
 */
const MAX_CROP_SIDE = 64;

/**
 * Photo pixels per working pixel, for eyes looking at a target `targetPx` tall in an image of
 * `pxPerDeg` (decision 037): the crop keeps what the keenest of them resolves (nyquistPxPerDeg) or
 * all the photo holds, whichever is less, and at least TARGET_WORK_PX of the target. A person
 * (89 px a degree in daylight) is always measured at the photo's own pixels; a deer (10) on a
 * shrunk crop when near.
 */
export function workScale(targetPx: number, pxPerDeg: number, eyes: readonly Observer[]): number {
  const need = Math.max(...eyes.map(nyquistPxPerDeg));
  let k = Math.max(1, targetPx / TARGET_MAX_WORK_PX, Math.min(targetPx / TARGET_WORK_PX, pxPerDeg / need));
  // Within the cap, but past the crop it is for: a pixel smaller at a time, and below
  // TARGET_WORK_PX only while the eyes still get all they resolve (a deer at dusk at 25 m).
  for (;;) {
    const hw = targetPx / k;
    if (cropSideFor(hw, pxPerDeg / k, eyes) <= MAX_CROP_SIDE) break;
    const next = targetPx / (Math.ceil(hw - 1e-6) - 1);
    if (hw < 9 || (hw <= TARGET_WORK_PX && pxPerDeg / next < need)) break;
    k = next;
  }
  return k;
}
/** The surround: the target's box grown by this share of its height on every side (about the target's own area). */
export const RING_SHARE = 0.125;

/** A square crop of a composite at the working scale: n x n, with where it came from. */
export interface TargetCrop {
  /** Its pixels per degree. */
  pxPerDeg: number;
  n: number;
  /** RGB, three bytes a pixel. */
  rgb: Uint8Array;
  /** The target's coverage, 0..1. */
  mask: Float32Array;
  /** 1 where the pixel lies inside the photo. */
  valid: Uint8Array;
  /** The target's height and its box, in crop pixels. */
  targetPx: number;
  box: { x: number; y: number; width: number; height: number };
  /** Photo pixels per crop pixel. */
  scale: number;
}

/** The crop's side for eyes looking at a target `hw` px tall, `work` px a degree (cropSide). */
function cropSideFor(hw: number, work: number, eyes: readonly Observer[]): number {
  return cropSide(
    hw,
    Math.max(...eyes.map((o) => blurSigmaPx(o.acuityCpd, work))),
    Math.max(...eyes.map((o) => gabratSigma(o, work))),
  );
}

/**
 * The crop's side: the target with its surround or GabRat's kernel around it (whichever reaches
 * further), and beyond them the tails of the widest observer's blur, which the transform wraps.
 */
function cropSide(targetWorkPx: number, blurWorkPx: number, sigmaWorkPx: number): number {
  const ring = Math.ceil(RING_SHARE * targetWorkPx);
  const kernelHalf = Math.floor(Math.round(6 * sigmaWorkPx + 1) / 2);
  const need = targetWorkPx + 2 * Math.max(ring, kernelHalf) + 2 * (Math.ceil(3 * blurWorkPx) + 1);
  let n = 16;
  while (n < need) n *= 2;
  return n;
}

/**
 * GabRat's Gabor sigma in degrees for an eye (decision 037): its carrier (wavelength about 3 sigma,
 * measures.ts#gabrat) at half the eye's acuity, where AcuityView's MTF keeps 41% of a grating's
 * contrast: the edges the eye sees clearly, in visual angle rather than as a share of the target.
 */
export function gabratSigmaDeg(observer: Observer): number {
  return 2 / (3 * observer.acuityCpd);
}

/** GabRat's sigma in an image's pixels, at least one (a Gabor finer than a pixel is not sampled). */
export function gabratSigma(observer: Observer, pxPerDeg: number): number {
  return Math.max(1, gabratSigmaDeg(observer) * pxPerDeg);
}

/**
 * The composite of `fill` on `silhouette` at `placement` (photo pixels, `pxPerDeg` a degree),
 * cropped around it and shrunk by area averaging to the working scale `eyes` need (workScale),
 * with room for the widest of their point spreads and GabRat's kernels.
 */
export function targetCrop(
  scene: Scene,
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
  eyes: readonly Observer[],
  pxPerDeg: number,
  /** Where the design's tiling starts, in photo pixels (the photo's origin by default). */
  tileOrigin: readonly [number, number] = [0, 0],
): TargetCrop {
  const k = workScale(placement.size, pxPerDeg, eyes);
  const hw = placement.size / k;
  const work = pxPerDeg / k;
  const n = cropSideFor(hw, work, eyes);
  // At the photo's own pixels the crop starts on a whole pixel (its pixels are then the photo's).
  const snap = (v: number) => (k === 1 ? Math.round(v) : v);
  const x0 = snap(placement.x - (n * k) / 2);
  const y0 = snap(placement.y - (n * k) / 2);
  const { rgb, light, valid } = resampleScene(scene, x0, y0, k, n);
  const local: Placement = {
    x: (placement.x - x0) / k,
    y: (placement.y - y0) / k,
    size: hw,
    rotation: placement.rotation,
  };
  const tilePhotoPx = tileSidePx(silhouette, placement, repeatOf(fill));
  const composed = composeTarget({ width: n, height: n, data: rgb, light }, fill, silhouette, local, {
    edgeSigma: EDGE_SIGMA_PX / k,
    tilePx: tilePhotoPx / k,
    tileOrigin: [(tileOrigin[0] - x0) / k, (tileOrigin[1] - y0) / k],
  });
  const pts = outline(silhouette, local);
  const xs = pts.map((q) => q[0]);
  const ys = pts.map((q) => q[1]);
  const box = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
  return { pxPerDeg: work, n, rgb: composed.data, mask: composed.mask, valid, targetPx: hw, box, scale: k };
}

/**
 * The scene's pixels and light over [x0, x0 + n k) x [y0, y0 + n k), averaged over each k x k cell
 * (fractional cells weighted by area; outside the photo, its edge is repeated and marked invalid).
 */
function resampleScene(
  scene: Scene,
  x0: number,
  y0: number,
  k: number,
  n: number,
): { rgb: Uint8Array; light: Float32Array; valid: Uint8Array } {
  const { width } = scene;
  if (k === 1 && Number.isInteger(x0) && Number.isInteger(y0)) return copyScene(scene, x0, y0, n);
  const xs = cellWeights(x0, k, n, width);
  const ys = cellWeights(y0, k, n, scene.height);
  const taps = xs.taps;
  const rgb = new Uint8Array(n * n * 3);
  const light = new Float32Array(n * n);
  const valid = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let l = 0;
      for (let a = 0; a < taps; a++) {
        const wy = ys.w[j * taps + a]!;
        if (wy === 0) continue;
        const row = ys.idx[j * taps + a]! * width;
        for (let c = 0; c < taps; c++) {
          const w = wy * xs.w[i * taps + c]!;
          if (w === 0) continue;
          const p = row + xs.idx[i * taps + c]!;
          r += w * scene.data[p * 3]!;
          g += w * scene.data[p * 3 + 1]!;
          b += w * scene.data[p * 3 + 2]!;
          l += w * scene.light[p]!;
        }
      }
      const o = j * n + i;
      rgb[o * 3] = Math.round(r);
      rgb[o * 3 + 1] = Math.round(g);
      rgb[o * 3 + 2] = Math.round(b);
      light[o] = l;
      valid[o] = xs.inside[i]! & ys.inside[j]!;
    }
  }
  return { rgb, light, valid };
}

/** The scene's n x n pixels from (x0, y0), whole pixels: resampleScene at k = 1, without the weights. */
function copyScene(
  scene: Scene,
  x0: number,
  y0: number,
  n: number,
): { rgb: Uint8Array; light: Float32Array; valid: Uint8Array } {
  const { width, height } = scene;
  const rgb = new Uint8Array(n * n * 3);
  const light = new Float32Array(n * n);
  const valid = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) {
    const y = y0 + j;
    const sy = Math.min(height - 1, Math.max(0, y));
    for (let i = 0; i < n; i++) {
      const x = x0 + i;
      const p = sy * width + Math.min(width - 1, Math.max(0, x));
      const o = j * n + i;
      rgb[o * 3] = scene.data[p * 3]!;
      rgb[o * 3 + 1] = scene.data[p * 3 + 1]!;
      rgb[o * 3 + 2] = scene.data[p * 3 + 2]!;
      light[o] = scene.light[p]!;
      valid[o] = x >= 0 && x < width && y >= 0 && y < height ? 1 : 0;
    }
  }
  return { rgb, light, valid };
}

/**
 * For each of n cells of width k from `start`, the source indices it covers and their weights
 * (summing to 1), `taps` slots a cell, unused slots of weight 0.
 */
function cellWeights(
  start: number,
  k: number,
  n: number,
  size: number,
): { taps: number; idx: Int32Array; w: Float32Array; inside: Uint8Array } {
  const taps = Math.ceil(k) + 1;
  const idx = new Int32Array(n * taps);
  const w = new Float32Array(n * taps);
  const inside = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = start + i * k;
    const b = a + k;
    let t = 0;
    for (let p = Math.floor(a); p < b && t < taps; p++) {
      const overlap = Math.min(b, p + 1) - Math.max(a, p);
      if (overlap <= 1e-9) continue;
      idx[i * taps + t] = Math.min(size - 1, Math.max(0, p));
      w[i * taps + t] = overlap / k;
      t++;
    }
    const centre = a + k / 2;
    inside[i] = centre >= 0 && centre < size ? 1 : 0;
  }
  return { taps, idx, w, inside };
}

/** A crop as the observer sees it: its colour planes (observers.ts#labPlanes) after its contrast sensitivity. */
export interface ObservedCrop extends TargetCrop {
  observer: ObserverId;
  /** GabRat's sigma for this eye, in the crop's pixels. */
  gabratSigma: number;
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
}

/** The observer's linear planes of a crop, filtered by its contrast sensitivity at the crop's scale. */
function seenPlanes(crop: TargetCrop, observer: Observer): LinearPlanes {
  const count = crop.n * crop.n;
  const planes = linearPlanes(observer, crop.rgb, count);
  // A person's colour detail is coarser than their luminance detail (S-CIELAB, decision 036).
  filterSeenByCsf(planes, crop.n, crop.n, observer, crop.pxPerDeg);
  return planes;
}

export function observe(crop: TargetCrop, observer: Observer): ObservedCrop {
  const lab = labPlanes(seenPlanes(crop, observer), crop.n * crop.n, observer);
  return {
    ...crop,
    observer: observer.id,
    gabratSigma: gabratSigma(observer, crop.pxPerDeg),
    L: lab.L,
    A: lab.A,
    B: lab.B,
  };
}

/**
 * A whole composite as the observer resolves it, at the photo's size. The MTF is applied here as
 * its point spread, a Gaussian of blurSigmaPx (the exact spatial twin of exp(-3.56 (f MRA)^2)),
 * since a transform of a whole 1280 px photo takes seconds and the spread is a few pixels wide.
 */
export function wholeView(
  scene: Scene,
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
  observer: Observer,
  pxPerDeg: number,
): RgbRaster {
  const { width: w, height: h } = scene;
  const composed = composeTarget(scene, fill, silhouette, placement);
  const planes = linearPlanes(observer, composed.data, w * h);
  filterColourDetail(planes, w, h, observer, pxPerDeg);
  const sigma = blurSigmaPx(observer.acuityCpd, pxPerDeg);
  const blurred = planes.map((p) => gaussianBlur(p, w, h, sigma)) as LinearPlanes;
  return { width: w, height: h, data: planesToRgb(shownPlanes(observer, blurred), w * h) };
}
