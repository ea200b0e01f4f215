/**
 * How far away a design's small, middle and large shapes blend into one another, for one eye.
 *
 * Shapes: the torus 4-connected components of each palette colour (as metrics/components.ts), on
 * a mode-downsampled copy no wider than WORK_SIZE px (a 1024 px tile becomes 256 px of 4 x 4
 * blocks, each its most common index, the lowest on a tie): shapes under about two work pixels
 * wide (0.6 cm at a 75 cm repeat) may vanish into their neighbours or break up, which moves the
 * small class only when it is that fine.
 *
 * A shape's width is the minor axis of its moment ellipse, 4 sqrt(lambda_min) of its pixel
 * coordinates' covariance (each pixel a unit square: + 1/12), capped at its equivalent-circle
 * diameter: a thin shape blends by its width, not its area. Coordinates are unwrapped across the
 * tile's seams as the flood fill walks; a shape that wraps right round the torus, or curves back
 * on itself (a ring, a C), reads wider than it is.
 *
 * Classes: the area-weighted 10th, 50th and 90th percentile widths (the width of the shape a
 * random point of the tile falls in). Each class's contrasts are the area-weighted means over the
 * shapes within a factor sqrt 2 of its width.
 *
 * A shape's contrasts are against its neighbours: the mean of the colours across its border,
 * each weighted by the length of border it shares (pixel edges), not by area.
 * Each palette colour as the eye sees it under the light (palette-seen.ts; decision 034).
 * - Luminance: Michelson |Y - Yn| / (Y + Yn) of linear luminance: CIE Y for a person in daylight,
 *   the mesopic mix at dawn or dusk; the deer's luminance catch (its 537 nm M cone, decision 032;
 *   with its rods at twilight).
 * - Chromatic: the colour difference with lightness held equal (concealment/measures.ts
 *   chromaticDifference: CIEDE2000 for a person, the deer's opponent axis), in JNDs (observers.ts
 *   DEER_JND_UNITS, 1.58 units a JND for either eye), made an equivalent contrast by ASSUMING a
 *   one-JND difference is at threshold at the daylight chromatic CSF's peak: c = JNDs / S_peak. The
 *   neighbours' mean colour is the border-weighted mean of their CIELAB (or deer L, a). Under the
 *   twilight CSF (csf.ts), lower, the same difference then reaches fewer frequencies.
 *
 * Blending: a shape w wide at d metres subtends 2 atan(w / 2d) degrees; as half a grating cycle
 * its frequency is f = 1 / (2 angle). It blends beyond the distance where f passes the higher of
 * its luminance and chromatic cutoffs (csf.ts cutoffCpd). Distances past BLEND_CAP_M are reported
 * as Infinity ("beyond 200 m"); the raw figure is kept; a contrast below threshold even at the
 * CSF's peak blends at every distance (0).
 */
import { BLEND_CAP_M, shapesSentence, type SizeClass } from '@camo/shared/shapes';
import type { Lab } from '../color/lab.js';
import { chromaticDifference } from '../concealment/measures.js';
import { DEER_JND_UNITS, type ObserverId } from '../concealment/observers.js';
import { csfPeak, cutoffCpd, type CsfOptions } from './csf.js';
import type { LightId } from './illuminants.js';
import { seenPalette } from './palette-seen.js';

/** Work on a copy no wider than this. */
export const WORK_SIZE = 256;
/** The area-weighted percentiles of shape width the classes take. */
export const CLASS_PERCENTILES: Record<SizeClass, number> = { small: 0.1, middle: 0.5, large: 0.9 };
export { BLEND_CAP_M, type SizeClass };

export interface IndexedDesign {
  width: number;
  height: number;
  /** Palette index a pixel, row by row. */
  index: Uint8Array;
  /** 8-bit sRGB a palette entry. */
  palette: readonly (readonly [number, number, number])[];
}

export interface ClassBlend {
  sizeClass: SizeClass;
  /** The class's shape width, cm. */
  widthCm: number;
  /** Luminance Michelson contrast against the neighbours. */
  luminanceContrast: number;
  /** Chromatic difference in JNDs, and as the equivalent contrast the chromatic CSF takes. */
  chromaticJnd: number;
  chromaticContrast: number;
  /** Cutoffs (c/deg) for those contrasts; the blend distance uses the higher. */
  luminanceCutoffCpd: number;
  chromaticCutoffCpd: number;
  /** Metres beyond which the class blends: Infinity past BLEND_CAP_M; 0 if never apart. */
  blendM: number;
  /** The same uncapped. */
  rawBlendM: number;
}

export interface BlobDistances {
  eye: ObserverId;
  light: LightId;
  classes: Record<SizeClass, ClassBlend>;
  /** The plain-words sentence a page can show. */
  sentence: string;
  /** How many shapes were measured, on a work copy of this many pixels a side. */
  shapeCount: number;
  workWidth: number;
}

/** Metres beyond which an element `widthM` wide passes `cutoff` c/deg (as half a cycle). */
export function blendDistanceForCutoff(widthM: number, cutoff: number): number {
  if (!(cutoff > 0)) return 0;
  const halfCycleRad = ((1 / (2 * cutoff)) * Math.PI) / 180;
  return widthM / 2 / Math.tan(halfCycleRad / 2);
}

/** The spatial frequency (c/deg) of an element `widthM` wide at `distanceM`, as half a cycle. */
export function elementCpd(widthM: number, distanceM: number): number {
  const deg = (2 * Math.atan(widthM / (2 * distanceM)) * 180) / Math.PI;
  return 1 / (2 * deg);
}

/** Metres beyond which an element of these contrasts blends for `eye` (uncapped). */
export function elementBlendM(
  eye: ObserverId,
  widthCm: number,
  luminanceContrast: number,
  chromaticContrast = 0,
  opts: CsfOptions = {},
): number {
  const f = Math.max(
    cutoffCpd(eye, 'luminance', luminanceContrast, opts),
    cutoffCpd(eye, 'chromatic', chromaticContrast, opts),
  );
  return blendDistanceForCutoff(widthCm / 100, f);
}

/** The largest block factor <= width / WORK_SIZE dividing both sides, and the mode-downsampled index. */
function downsample(d: IndexedDesign): { w: number; h: number; idx: Uint8Array } {
  let f = Math.max(1, Math.floor(d.width / WORK_SIZE));
  while (f > 1 && (d.width % f !== 0 || d.height % f !== 0)) f--;
  if (f === 1) return { w: d.width, h: d.height, idx: d.index };
  const w = d.width / f;
  const h = d.height / f;
  const idx = new Uint8Array(w * h);
  const counts = new Int32Array(256);
  for (let by = 0; by < h; by++)
    for (let bx = 0; bx < w; bx++) {
      counts.fill(0, 0, d.palette.length);
      for (let y = by * f; y < by * f + f; y++) {
        const row = y * d.width;
        for (let x = bx * f; x < bx * f + f; x++) counts[d.index[row + x]!]!++;
      }
      let best = 0;
      for (let k = 1; k < d.palette.length; k++) if (counts[k]! > counts[best]!) best = k;
      idx[by * w + bx] = best;
    }
  return { w, h, idx };
}

interface Shapes {
  count: number;
  label: Int32Array;
  area: Float64Array;
  /** Width in work pixels. */
  width: Float64Array;
  /** Border edges shared with each palette colour: count x paletteSize. */
  contact: Float64Array;
}

/** Torus 4-connected components with unwrapped moments and per-colour border contact. */
function measureShapes(idx: Uint8Array, w: number, h: number, nPal: number): Shapes {
  const n = w * h;
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const ux = new Int32Array(n);
  const uy = new Int32Array(n);
  const labels: number[] = [];
  const areas: number[] = [];
  const widths: number[] = [];
  for (let start = 0; start < n; start++) {
    if (comp[start]! >= 0) continue;
    const id = labels.length;
    const lab = idx[start]!;
    let top = 0;
    stack[top++] = start;
    comp[start] = id;
    ux[start] = start % w;
    uy[start] = (start - (start % w)) / w;
    let a = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const px = ux[p]!;
      const py = uy[p]!;
      a++;
      sx += px;
      sy += py;
      sxx += px * px;
      syy += py * py;
      sxy += px * py;
      const x = p % w;
      const y = (p - x) / w;
      for (let k = 0; k < 4; k++) {
        const dx = k === 0 ? -1 : k === 1 ? 1 : 0;
        const dy = k === 2 ? -1 : k === 3 ? 1 : 0;
        const qx = x + dx < 0 ? w - 1 : x + dx === w ? 0 : x + dx;
        const qy = y + dy < 0 ? h - 1 : y + dy === h ? 0 : y + dy;
        const q = qy * w + qx;
        if (comp[q] === -1 && idx[q] === lab) {
          comp[q] = id;
          ux[q] = px + dx;
          uy[q] = py + dy;
          stack[top++] = q;
        }
      }
    }
    const mx = sx / a;
    const my = sy / a;
    const vxx = sxx / a - mx * mx + 1 / 12;
    const vyy = syy / a - my * my + 1 / 12;
    const vxy = sxy / a - mx * my;
    const tr = (vxx + vyy) / 2;
    const lamMin = Math.max(1 / 12, tr - Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy));
    widths.push(Math.min(4 * Math.sqrt(lamMin), 2 * Math.sqrt(a / Math.PI)));
    labels.push(lab);
    areas.push(a);
  }
  const count = labels.length;
  const contact = new Float64Array(count * nPal);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const r = y * w + (x === w - 1 ? 0 : x + 1);
      const d = (y === h - 1 ? 0 : y + 1) * w + x;
      if (idx[r] !== idx[p]) {
        contact[comp[p]! * nPal + idx[r]!]!++;
        contact[comp[r]! * nPal + idx[p]!]!++;
      }
      if (idx[d] !== idx[p]) {
        contact[comp[p]! * nPal + idx[d]!]!++;
        contact[comp[d]! * nPal + idx[p]!]!++;
      }
    }
  return {
    count,
    label: Int32Array.from(labels),
    area: Float64Array.from(areas),
    width: Float64Array.from(widths),
    contact,
  };
}

/** The page's sentence for a result (@camo/shared/shapes): one wording for the engine and the site. */
export function blendSentence(
  eye: ObserverId,
  classes: Record<SizeClass, ClassBlend>,
  light: LightId = 'daylight',
): string {
  const figure = (c: ClassBlend) => ({
    widthCm: c.widthCm,
    blendM: Number.isFinite(c.blendM) ? c.blendM : null,
  });
  return shapesSentence(eye, light, {
    small: figure(classes.small),
    middle: figure(classes.middle),
    large: figure(classes.large),
  });
}

/**
 * The distance beyond which each size class of `design`'s shapes blends, for `eye` under
 * `opts.light` (daylight unless told), with the tile printed `repeatCm` wide (square pixels). Pure; 10-30 ms on a 1024 px tile once warm (the first
 * call, compiling, about 65 ms).
 */
export function blobDistances(
  design: IndexedDesign,
  repeatCm: number,
  eye: ObserverId,
  opts: CsfOptions = {},
): BlobDistances {
  const { w, h, idx } = downsample(design);
  const nPal = design.palette.length;
  const shapes = measureShapes(idx, w, h, nPal);
  const cmPerPx = repeatCm / w;
  const light = opts.light ?? 'daylight';
  const seen = seenPalette(eye, light, design.palette);
  const Y = seen.map((c) => c.luminance);
  const lab = seen.map((c) => c.colour);

  // Each shape's contrasts against its border-weighted neighbours.
  const lum = new Float64Array(shapes.count);
  const jnd = new Float64Array(shapes.count);
  for (let s = 0; s < shapes.count; s++) {
    let tot = 0;
    let yn = 0;
    const mean = { L: 0, a: 0, b: 0 };
    for (let k = 0; k < nPal; k++) {
      const c = shapes.contact[s * nPal + k]!;
      if (c === 0) continue;
      tot += c;
      yn += c * Y[k]!;
      mean.L += c * lab[k]!.L;
      mean.a += c * lab[k]!.a;
      mean.b += c * lab[k]!.b;
    }
    if (tot === 0) continue; // a single-colour tile: nothing to stand apart from
    yn /= tot;
    const ys = Y[shapes.label[s]!]!;
    lum[s] = Math.abs(ys - yn) / Math.max(1e-9, ys + yn);
    const m: Lab = { L: mean.L / tot, a: mean.a / tot, b: mean.b / tot };
    jnd[s] = chromaticDifference(lab[shapes.label[s]!]!, m, eye) / DEER_JND_UNITS;
  }

  // Area-weighted width percentiles.
  const order = Array.from({ length: shapes.count }, (_, i) => i).sort(
    (a, b) => shapes.width[a]! - shapes.width[b]!,
  );
  const total = shapes.area.reduce((x, y) => x + y, 0);
  const percentile = (q: number): number => {
    let acc = 0;
    for (const i of order) {
      acc += shapes.area[i]!;
      if (acc >= q * total) return shapes.width[i]!;
    }
    return shapes.width[order[order.length - 1]!]!;
  };
  // A JND is the daylight Weber fraction's: at threshold at the daylight CSF's peak, so the
  // twilight CSF's loss of height counts (decision 034).
  const chromPeak = csfPeak(eye, 'chromatic', { ...opts, light: 'daylight' });

  const classOf = (sizeClass: SizeClass): ClassBlend => {
    const wPx = percentile(CLASS_PERCENTILES[sizeClass]);
    let a = 0;
    let l = 0;
    let j = 0;
    for (let s = 0; s < shapes.count; s++) {
      const ws = shapes.width[s]!;
      if (ws < wPx / Math.SQRT2 || ws > wPx * Math.SQRT2) continue;
      a += shapes.area[s]!;
      l += shapes.area[s]! * lum[s]!;
      j += shapes.area[s]! * jnd[s]!;
    }
    const luminanceContrast = a > 0 ? l / a : 0;
    const chromaticJnd = a > 0 ? j / a : 0;
    const chromaticContrast = chromaticJnd / chromPeak;
    const luminanceCutoffCpd = cutoffCpd(eye, 'luminance', luminanceContrast, opts);
    const chromaticCutoffCpd = cutoffCpd(eye, 'chromatic', chromaticContrast, opts);
    const widthCm = wPx * cmPerPx;
    const rawBlendM = blendDistanceForCutoff(widthCm / 100, Math.max(luminanceCutoffCpd, chromaticCutoffCpd));
    return {
      sizeClass,
      widthCm,
      luminanceContrast,
      chromaticJnd,
      chromaticContrast,
      luminanceCutoffCpd,
      chromaticCutoffCpd,
      rawBlendM,
      blendM: rawBlendM > BLEND_CAP_M ? Infinity : rawBlendM,
    };
  };
  const classes = { small: classOf('small'), middle: classOf('middle'), large: classOf('large') };
  return {
    eye,
    light,
    classes,
    sentence: blendSentence(eye, classes, light),
    shapeCount: shapes.count,
    workWidth: w,
  };
}
