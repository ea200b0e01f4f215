import type { Photo } from '../types.js';
import { gridOf, hueDeg, roughness, skyColour, waterColour, type Grid } from './sky-grid.js';

/**
 * Open sky and sea/lake at the horizon: the parts of a photo a hunter is never seen against.
 *
 * The photo is area-averaged onto a grid of at most SKY_GRID cells on its long side (so the
 * result does not depend on the photo's pixel size beyond its information). A cell is a sky
 * candidate when its colour could be sky (blue, a bright neutral white or grey, a dark neutral or
 * bluish storm grey, or a very bright glow near the sun) and it is smooth (3x3 L* spread). Sky is
 * what is connected to the top edge through candidates, kept per column only as the run from the
 * top (so it cannot leak down past a tree or a ridge). A region that reaches the bottom edge has
 * no horizon: it is split at the strongest change of lightness or smoothness down the rows if
 * there is one (a white sky over a snow field), otherwise it is not sky at all (a blue tarp or a
 * smooth concrete wall filling the frame). Water is a blue or teal, fairly smooth band just below
 * the sky that spans at least 40% of the width. The grid and the colours that could be sky or
 * water: ./sky-grid.ts; the mask read at a photo's pixels: ./sky-mask.ts.
 */
export interface SkyMask {
  /** Grid size of `mask`. */
  width: number;
  height: number;
  /** Per grid cell: 0 ground, 1 sky, 2 water. */
  mask: Uint8Array;
  skyShare: number;
  waterShare: number;
  /** Mean CIELAB colour of the sky and of the water cells (when there are any). */
  skyLab?: { L: number; a: number; b: number };
  waterLab?: { L: number; a: number; b: number };
}

/** Grid cells smoother than this (3x3 L* spread) can be sky. */
const SMOOTH = 3.2;
/** Water may be rougher (waves, glints). */
const WATER_SMOOTH = 7;

export function findSky(photo: Photo): SkyMask {
  const g = gridOf(photo);
  const { w, h } = g;
  const rough = roughness(g);
  const cand = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++)
    cand[i] = (rough[i] ?? 0) < SMOOTH && skyColour(g.L[i] ?? 0, g.A[i] ?? 0, g.B[i] ?? 0) ? 1 : 0;
  // Flood from the top edge.
  const region = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++)
    if (cand[x]) {
      region[x] = 1;
      stack.push(x);
    }
  while (stack.length) {
    const i = stack.pop() ?? 0;
    const x = i % w;
    const y = (i - x) / w;
    const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
    for (const j of next)
      if (j >= 0 && cand[j] && !region[j]) {
        region[j] = 1;
        stack.push(j);
      }
  }
  // Per column: only the run from the top counts.
  const run = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h && region[y * w + x]) y++;
    run[x] = y;
  }
  const mask = new Uint8Array(w * h);
  let bottomCols = 0;
  for (let x = 0; x < w; x++) if ((run[x] ?? 0) >= h) bottomCols++;
  let cut = h;
  if (bottomCols > 0.3 * w) {
    // No horizon: split at the strongest change down the rows, if there is a clear one.
    cut = splitRow(g, rough, run);
  }
  for (let x = 0; x < w; x++) {
    const r = Math.min(run[x] ?? 0, cut);
    for (let y = 0; y < r; y++) mask[y * w + x] = 1;
  }
  if (!distinctFromBelow(g, mask)) mask.fill(0);
  // The smoothness test misses the cells next to the horizon (their 3x3 window reaches the
  // ground): grow the sky twice into neighbours of a close colour.
  for (let pass = 0; pass < 2; pass++) {
    const grow: number[] = [];
    for (let i = 0; i < w * h; i++) {
      if (mask[i]) continue;
      const x = i % w;
      const y = (i - x) / w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1]) {
        if (j < 0 || mask[j] !== 1) continue;
        const d = Math.hypot(
          (g.L[i] ?? 0) - (g.L[j] ?? 0),
          (g.A[i] ?? 0) - (g.A[j] ?? 0),
          (g.B[i] ?? 0) - (g.B[j] ?? 0),
        );
        if (d < 8 && skyColour(g.L[i] ?? 0, g.A[i] ?? 0, g.B[i] ?? 0)) {
          grow.push(i);
          break;
        }
      }
    }
    for (const i of grow) mask[i] = 1;
  }
  // Small specks of sky do not count: the sky must cover at least 2 % of the photo.
  let sky = 0;
  for (let i = 0; i < w * h; i++) sky += mask[i] ?? 0;
  if (sky < 0.02 * w * h) {
    mask.fill(0);
    sky = 0;
  }
  let water = 0;
  if (sky > 0) {
    water = findWater(g, rough, mask);
    const extra = seeThrough(g, mask);
    sky += extra.sky;
    water += extra.water;
  }
  const meanOf = (kind: number): { L: number; a: number; b: number } | undefined => {
    let n = 0;
    let l = 0;
    let a = 0;
    let b = 0;
    for (let i = 0; i < w * h; i++)
      if (mask[i] === kind) {
        n++;
        l += g.L[i] ?? 0;
        a += g.A[i] ?? 0;
        b += g.B[i] ?? 0;
      }
    return n ? { L: l / n, a: a / n, b: b / n } : undefined;
  };
  const skyLab = meanOf(1);
  const waterLab = meanOf(2);
  return {
    width: w,
    height: h,
    mask,
    skyShare: sky / (w * h),
    waterShare: water / (w * h),
    ...(skyLab ? { skyLab } : {}),
    ...(waterLab ? { waterLab } : {}),
  };
}

/**
 * Whether the sky found differs from the ground just under it, as a sky does at a horizon. A
 * smooth top over a rough bottom of the same colour is one surface with a change of focus (the
 * blurred far end of a plank, a field or a wall), not sky over ground. Blue passes: a blue sky
 * over blue-grey haze is still sky.
 */
function distinctFromBelow(g: Grid, mask: Uint8Array): boolean {
  const { w, h } = g;
  const above = { n: 0, L: 0, a: 0, b: 0 };
  const below = { n: 0, L: 0, a: 0, b: 0 };
  const band = 2;
  const add = (acc: typeof above, i: number): void => {
    acc.n++;
    acc.L += g.L[i] ?? 0;
    acc.a += g.A[i] ?? 0;
    acc.b += g.B[i] ?? 0;
  };
  for (let x = 0; x < w; x++) {
    let r = 0;
    while (r < h && mask[r * w + x]) r++;
    for (let y = 0; y < r; y++) add(above, y * w + x);
    for (let y = r; y < Math.min(h, r + band) && r > 0; y++) add(below, y * w + x);
  }
  if (above.n === 0 || below.n === 0) return above.n > 0;
  const L = above.L / above.n;
  const a = above.a / above.n;
  const b = above.b / above.n;
  const hue = hueDeg(a, b);
  if (Math.hypot(a, b) >= 6 && hue >= 195 && hue <= 300) return true;
  const d = Math.hypot(L - below.L / below.n, a - below.a / below.n, b - below.b / below.n);
  return d >= HORIZON_CONTRAST;
}

/** A sky that is not blue must differ from the ground just under it by this much (CIE76). */
const HORIZON_CONTRAST = 6;

/**
 * Sky and water seen between grass blades, branches or reeds: in rows that are mostly sky or
 * water already, cells whose colour is close to that row's sky or water (CIE76 < 10) join it.
 */
function seeThrough(g: Grid, mask: Uint8Array): { sky: number; water: number } {
  const { w, h } = g;
  const added = { sky: 0, water: 0 };
  for (let y = 0; y < h; y++) {
    for (const kind of [1, 2] as const) {
      let n = 0;
      let l = 0;
      let a = 0;
      let b = 0;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (mask[i] !== kind) continue;
        n++;
        l += g.L[i] ?? 0;
        a += g.A[i] ?? 0;
        b += g.B[i] ?? 0;
      }
      if (n < 0.3 * w) continue;
      l /= n;
      a /= n;
      b /= n;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (mask[i]) continue;
        const d = Math.hypot((g.L[i] ?? 0) - l, (g.A[i] ?? 0) - a, (g.B[i] ?? 0) - b);
        if (d < 10) {
          mask[i] = kind;
          if (kind === 1) added.sky++;
          else added.water++;
        }
      }
    }
  }
  return added;
}

/**
 * A candidate region that runs to the bottom edge: find the row that splits it into an upper
 * and a lower part most different in mean lightness and smoothness. Returns 0 (no sky) when the
 * parts are alike (one surface filling the frame) or the upper part is under 10 % of the rows.
 */
function splitRow(g: Grid, rough: Float32Array, run: Int32Array): number {
  const { w, h } = g;
  const rowL = new Float64Array(h);
  const rowR = new Float64Array(h);
  const rowN = new Float64Array(h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if ((run[x] ?? 0) > y) {
        rowL[y] = (rowL[y] ?? 0) + (g.L[y * w + x] ?? 0);
        rowR[y] = (rowR[y] ?? 0) + (rough[y * w + x] ?? 0);
        rowN[y] = (rowN[y] ?? 0) + 1;
      }
  const mL = (y0: number, y1: number, arr: Float64Array): number => {
    let s = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      s += arr[y] ?? 0;
      n += rowN[y] ?? 0;
    }
    return n > 0 ? s / n : 0;
  };
  let best = h;
  let bestScore = 0;
  for (let y = Math.ceil(0.1 * h); y < Math.floor(0.9 * h); y++) {
    const dL = Math.abs(mL(0, y, rowL) - mL(y, h, rowL));
    const rUp = mL(0, y, rowR);
    const rDown = mL(y, h, rowR);
    // The sky part must be the smoother one.
    const smoother = rDown / Math.max(0.2, rUp);
    // A change of smoothness alone is a change of focus (a close-up surface sharp below and
    // blurred above), not a horizon: the sky part must also differ in lightness.
    if (dL < 5) continue;
    const score = dL / 4 + Math.max(0, smoother - 1);
    if (score > bestScore) {
      bestScore = score;
      best = y;
    }
  }
  return bestScore >= 1.2 ? best : 0;
}

function findWater(g: Grid, rough: Float32Array, mask: Uint8Array): number {
  const { w, h } = g;
  const cand = (i: number): boolean =>
    (rough[i] ?? 0) < WATER_SMOOTH && waterColour(g.L[i] ?? 0, g.A[i] ?? 0, g.B[i] ?? 0);
  const region = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (mask[i] !== 1) continue;
    const below = i + w;
    if (below < w * h && !mask[below] && !region[below] && cand(below)) {
      region[below] = 1;
      stack.push(below);
    }
  }
  while (stack.length) {
    const i = stack.pop() ?? 0;
    const x = i % w;
    const y = (i - x) / w;
    const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
    for (const j of next)
      if (j >= 0 && !mask[j] && !region[j] && cand(j)) {
        region[j] = 1;
        stack.push(j);
      }
  }
  // A horizon band: it must span at least 40 % of the width, and not run to the bottom edge
  // over most of it (then it is the scene itself, e.g. a lake shore seen from above).
  const cols = new Uint8Array(w);
  let bottom = 0;
  let n = 0;
  for (let i = 0; i < w * h; i++)
    if (region[i]) {
      cols[i % w] = 1;
      n++;
      if (i >= (h - 1) * w) bottom++;
    }
  let span = 0;
  for (let x = 0; x < w; x++) span += cols[x] ?? 0;
  if (span < 0.4 * w || bottom > 0.5 * w) return 0;
  for (let i = 0; i < w * h; i++) if (region[i]) mask[i] = 2;
  return n;
}
