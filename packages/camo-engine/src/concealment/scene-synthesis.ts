/**
 * A hide-and-seek scene made anew for every round from a photo's own ground (decision 024), so
 * that no published picture holds the round's background: diffing a round against the public
 * photo, or against another round of the same photo, finds no target.
 *
 * Image quilting (Efros and Freeman, "Image quilting for texture synthesis and transfer",
 * SIGGRAPH 2001): square patches of the photo's ground (the sky mask's ground, never sky or
 * water) are laid in raster order, each chosen among random candidates by how well it agrees with
 * what is already laid in the overlap, and joined along the minimum-error boundary cut. Candidates
 * for a row of the scene come from the matching band of the ground's rows (near ground at the
 * bottom, far ground at the top), so the scene keeps the photo's depth. Each round draws its patches
 * from four versions of the photo it alone has (mirrored or not, each turned by a random 2-10
 * degrees, at a random scale), warps the whole by a smooth random field of a few pixels, and puts a
 * camera of its own on it (per-channel gains, a smooth shading, sensor noise), so neither a global
 * registration nor a patch-for-patch copy of the photo exists.
 */
import { isGroundAt } from '../analysis/sky-mask.js';
import { findSky } from '../analysis/sky.js';
import { mulberry32 } from '../metrics/prng.js';
import { rgbOf, type RgbRaster } from './compose.js';
import type { Photo } from '../types.js';

/** Everything a scene was made with: with the photo, it makes the same scene again. */
export interface SceneRecipe {
  version: 1;
  seed: number;
  /** The scene's size in pixels. */
  width: number;
  height: number;
  /** Scene pixels per photo pixel. */
  scale: number;
  /** The four versions patches come from: mirrored or not, turned (degrees), at a scale of `scale` times this. */
  versions: { mirrored: boolean; angle: number; scale: number }[];
  /** Patch side and overlap, in scene pixels. */
  patch: number;
  overlap: number;
  /** Peak displacement of the smooth warp, in scene pixels. */
  warp: number;
  /** The camera: per-channel gains, the amplitude of a smooth shading, the noise's standard deviation (0-255). */
  gains: [number, number, number];
  shading: number;
  noise: number;
}

export interface SynthesisedScene extends RgbRaster {
  recipe: SceneRecipe;
  /**
   * Where a scene pixel came from in the photo (before the warp and the camera): photo pixels and
   * the version's turn, mirror and scale, or null outside every laid patch.
   */
  sourceOf(
    x: number,
    y: number,
  ): { x: number; y: number; angle: number; mirrored: boolean; scale: number } | null;
  /** The camera, applied to a composed picture of this scene (gains, shading, noise): the round's last step. */
  camera(data: Uint8Array): Uint8Array;
}

/** A patch to lay: a version of the photo and its top-left corner there (y * width + x). */
interface Candidate {
  v: number;
  corner: number;
}

/** Candidates weighed for each patch. */
const CANDIDATES = 36;
/** A candidate within this factor of the best overlap error may be chosen (Efros and Freeman's tolerance). */
const TOLERANCE = 1.15;
/** The share of the ground's height a row of patches draws its candidates from, either side. */
const BAND = 0.18;

/** A recipe for a scene of `width` x `height` from `seed`; `scale` is scene pixels per photo pixel. */
export function sceneRecipe(seed: number, width: number, height: number, scale: number): SceneRecipe {
  const random = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const turn = () => (random() < 0.5 ? -1 : 1) * between(2, 10);
  const versions = [false, true].flatMap((mirrored) =>
    [turn(), turn()].map((angle) => ({ mirrored, angle, scale: between(0.94, 1.06) })),
  );
  const patch = Math.round(Math.max(24, Math.min(64, Math.min(width, height) / 12)));
  return {
    version: 1,
    seed,
    width,
    height,
    scale,
    versions,
    patch,
    overlap: Math.max(4, Math.round(patch / 5)),
    warp: between(2, 4),
    gains: [between(0.94, 1.06), between(0.94, 1.06), between(0.94, 1.06)],
    shading: between(0.02, 0.06),
    noise: between(1.5, 3),
  };
}

interface Version {
  width: number;
  height: number;
  rgb: Float32Array;
  /** Per pixel: 1 where it comes from the photo's ground. */
  valid: Uint8Array;
  /** Patch corners whose whole patch is valid, sorted by y: y * width + x. */
  corners: Int32Array;
  /** The ground's rows in this version: first and last row of a valid corner. */
  top: number;
  bottom: number;
  /** Scene-to-photo mapping of a version pixel. */
  toPhoto(x: number, y: number): [number, number];
}

/**
 * One version of the photo: turned by `angle` about its centre, mirrored if asked, at `scale`;
 * pixels off the photo or in its sky or water are not valid.
 */
function makeVersion(
  rgb: RgbRaster,
  ground: (x: number, y: number) => boolean,
  angle: number,
  mirrored: boolean,
  scale: number,
  patch: number,
): Version {
  const width = Math.max(patch + 1, Math.round(rgb.width * scale));
  const height = Math.max(patch + 1, Math.round(rgb.height * scale));
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const cx = width / 2;
  const cy = height / 2;
  const toPhoto = (x: number, y: number): [number, number] => {
    const dx = x + 0.5 - cx;
    const dy = y + 0.5 - cy;
    let px = (cos * dx + sin * dy) / scale;
    const py = (-sin * dx + cos * dy) / scale;
    if (mirrored) px = -px;
    return [px + rgb.width / 2 - 0.5, py + rgb.height / 2 - 0.5];
  };
  const out = new Float32Array(width * height * 3);
  const valid = new Uint8Array(width * height);
  const w = rgb.width;
  const src = rgb.data;
  const flip = mirrored ? -1 : 1;
  const hw = rgb.width / 2 - 0.5;
  const hh = rgb.height / 2 - 0.5;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      const px = (flip * (cos * dx + sin * dy)) / scale + hw;
      const py = (-sin * dx + cos * dy) / scale + hh;
      if (px < 0 || py < 0 || px > rgb.width - 1 || py > rgb.height - 1) continue;
      if (!ground(px, py)) continue;
      const x0 = Math.floor(px);
      const y0 = Math.floor(py);
      const x1 = Math.min(rgb.width - 1, x0 + 1);
      const y1 = Math.min(rgb.height - 1, y0 + 1);
      const tx = px - x0;
      const ty = py - y0;
      const o = (y * width + x) * 3;
      const i00 = (y0 * w + x0) * 3;
      const i01 = (y0 * w + x1) * 3;
      const i10 = (y1 * w + x0) * 3;
      const i11 = (y1 * w + x1) * 3;
      for (let c = 0; c < 3; c++)
        out[o + c] =
          (src[i00 + c]! * (1 - tx) + src[i01 + c]! * tx) * (1 - ty) +
          (src[i10 + c]! * (1 - tx) + src[i11 + c]! * tx) * ty;
      valid[y * width + x] = 1;
    }
  }
  // Corners (every second pixel) whose whole patch is valid, from a summed-area table.
  const sat = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += valid[y * width + x]!;
      sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1]! + row;
    }
  }
  const corners: number[] = [];
  const full = patch * patch;
  for (let y = 0; y + patch <= height; y += 2)
    for (let x = 0; x + patch <= width; x += 2) {
      const s =
        sat[(y + patch) * (width + 1) + x + patch]! -
        sat[y * (width + 1) + x + patch]! -
        sat[(y + patch) * (width + 1) + x]! +
        sat[y * (width + 1) + x]!;
      if (s === full) corners.push(y * width + x);
    }
  const top = corners.length ? Math.floor(corners[0]! / width) : 0;
  const bottom = corners.length ? Math.floor(corners[corners.length - 1]! / width) : 0;
  return { width, height, rgb: out, valid, corners: Int32Array.from(corners), top, bottom, toPhoto };
}

/** The first index of `corners` at row `y` or below it (binary search on the sorted rows). */
function firstAtRow(corners: Int32Array, width: number, y: number): number {
  let lo = 0;
  let hi = corners.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Math.floor(corners[mid]! / width) < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The cheapest path through the error surface `at(row, column)` of `rows` x `cols` from the first
 * row to the last, moving at most one column a row (Efros and Freeman's minimum-error boundary
 * cut): per row, the column of the cut.
 */
function minimumCut(rows: number, cols: number, at: (r: number, k: number) => number): Int32Array {
  const cost = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let k = 0; k < cols; k++) cost[r * cols + k] = at(r, k);
  for (let r = 1; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let best = cost[(r - 1) * cols + c]!;
      if (c > 0) best = Math.min(best, cost[(r - 1) * cols + c - 1]!);
      if (c < cols - 1) best = Math.min(best, cost[(r - 1) * cols + c + 1]!);
      cost[r * cols + c]! += best;
    }
  const cut = new Int32Array(rows);
  let c = 0;
  for (let k = 1; k < cols; k++) if (cost[(rows - 1) * cols + k]! < cost[(rows - 1) * cols + c]!) c = k;
  cut[rows - 1] = c;
  for (let r = rows - 2; r >= 0; r--) {
    let best = c;
    for (const k of [c - 1, c + 1])
      if (k >= 0 && k < cols && cost[r * cols + k]! < cost[r * cols + best]!) best = k;
    c = best;
    cut[r] = c;
  }
  return cut;
}

/**
 * A new scene from `photo`'s ground after `recipe`. A photo with too little ground for one patch
 * (all sky) is used whole.
 */
export function synthesiseScene(photo: Photo, recipe: SceneRecipe): SynthesisedScene {
  const rgb = rgbOf(photo);
  const sky = findSky(rgb);
  const { width: W, height: H, patch: P, overlap: O } = recipe;
  const groundMask = new Uint8Array(rgb.width * rgb.height);
  for (let y = 0; y < rgb.height; y++)
    for (let x = 0; x < rgb.width; x++)
      groundMask[y * rgb.width + x] = isGroundAt(sky, rgb.width, rgb.height, x, y) ? 1 : 0;
  let ground = (x: number, y: number) => groundMask[Math.round(y) * rgb.width + Math.round(x)] === 1;
  let versions = recipe.versions.map((v) =>
    makeVersion(rgb, ground, v.angle, v.mirrored, recipe.scale * v.scale, P),
  );
  if (versions.every((v) => v.corners.length === 0)) {
    ground = () => true;
    versions = recipe.versions.map((v) =>
      makeVersion(rgb, ground, v.angle, v.mirrored, recipe.scale * v.scale, P),
    );
  }
  const usable = versions.map((v, i) => i).filter((i) => versions[i]!.corners.length > 0);
  if (usable.length === 0) throw new Error('synthesiseScene: the photo is smaller than one patch');
  const random = mulberry32(recipe.seed ^ 0x9e3779b9);

  const out = new Float32Array(W * H * 3);
  const filled = new Uint8Array(W * H);
  /** Per scene pixel: the version (1-based, 0 unlaid) and its pixel index there. */
  const fromVersion = new Uint8Array(W * H);
  const fromPixel = new Int32Array(W * H);
  const step = P - O;

  /** A random candidate for a patch whose top is at scene row `y0`: a corner in the matching band of a version's ground. */
  function draw(y0: number): Candidate {
    const v = versions[usable[Math.floor(random() * usable.length)]!]!;
    const span = Math.max(0, v.bottom - v.top);
    const at = v.top + Math.min(1, y0 / Math.max(1, H - P)) * span;
    const band = Math.max(P, BAND * span);
    const lo = firstAtRow(v.corners, v.width, Math.floor(at - band));
    const hi = firstAtRow(v.corners, v.width, Math.ceil(at + band) + 1);
    const k = hi > lo ? lo + Math.floor(random() * (hi - lo)) : Math.floor(random() * v.corners.length);
    return { v: versions.indexOf(v), corner: v.corners[k]! };
  }

  /** Squared colour difference over the laid part of the overlap, per pixel laid. */
  function overlapError(c: Candidate, x0: number, y0: number, pw: number, ph: number): number {
    const v = versions[c.v]!;
    const vx = c.corner % v.width;
    const vy = Math.floor(c.corner / v.width);
    const vr = v.rgb;
    let sum = 0;
    let n = 0;
    for (let dy = 0; dy < ph; dy++) {
      // The top strip whole, below it only the left strip.
      const end = dy < O ? pw : Math.min(O, pw);
      let s = (y0 + dy) * W + x0;
      let t = ((vy + dy) * v.width + vx) * 3;
      for (let dx = 0; dx < end; dx++, s++, t += 3) {
        if (!filled[s]) continue;
        const d0 = out[s * 3]! - vr[t]!;
        const d1 = out[s * 3 + 1]! - vr[t + 1]!;
        const d2 = out[s * 3 + 2]! - vr[t + 2]!;
        sum += d0 * d0 + d1 * d1 + d2 * d2;
        n++;
      }
    }
    return n ? sum / n : 0;
  }

  for (let y0 = 0; y0 < H; y0 += step)
    for (let x0 = 0; x0 < W; x0 += step) {
      const pw = Math.min(P, W - x0);
      const ph = Math.min(P, H - y0);
      const drawn: { c: Candidate; e: number }[] = [];
      for (let k = 0; k < CANDIDATES; k++) {
        const c = draw(y0);
        drawn.push({ c, e: overlapError(c, x0, y0, pw, ph) });
      }
      const best = Math.min(...drawn.map((d) => d.e));
      const near = drawn.filter((d) => d.e <= best * TOLERANCE + 1e-6);
      const { c } = near[Math.floor(random() * near.length)]!;
      const v = versions[c.v]!;
      const vx = c.corner % v.width;
      const vy = Math.floor(c.corner / v.width);
      const diff = (dx: number, dy: number) => {
        const s = ((y0 + dy) * W + x0 + dx) * 3;
        const t = ((vy + dy) * v.width + vx + dx) * 3;
        let d = 0;
        for (let ch = 0; ch < 3; ch++) d += (out[s + ch]! - v.rgb[t + ch]!) ** 2;
        return d;
      };
      // The cuts: down the left overlap and across the top one, where there is a neighbour.
      const ow = Math.min(O, pw);
      const oh = Math.min(O, ph);
      const leftCut = x0 > 0 ? minimumCut(ph, ow, (r, k) => diff(k, r)) : null;
      const topCut = y0 > 0 ? minimumCut(pw, oh, (r, k) => diff(r, k)) : null;
      for (let dy = 0; dy < ph; dy++)
        for (let dx = 0; dx < pw; dx++) {
          const s = (y0 + dy) * W + x0 + dx;
          if (filled[s] && ((leftCut && dx < leftCut[dy]!) || (topCut && dy < topCut[dx]!))) continue;
          const t = (vy + dy) * v.width + vx + dx;
          out[s * 3] = v.rgb[t * 3]!;
          out[s * 3 + 1] = v.rgb[t * 3 + 1]!;
          out[s * 3 + 2] = v.rgb[t * 3 + 2]!;
          filled[s] = 1;
          fromVersion[s] = c.v + 1;
          fromPixel[s] = t;
        }
    }

  // The warp: a displacement of up to recipe.warp pixels, smooth over cells of about three patches.
  const cell = P * 3;
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const field = new Float32Array(gw * gh * 2);
  for (let i = 0; i < field.length; i++) field[i] = (random() * 2 - 1) * recipe.warp;
  const data = new Uint8Array(W * H * 3);
  const warpedFrom = new Int32Array(W * H);
  for (let y = 0; y < H; y++) {
    const gy = y / cell;
    const iy = Math.floor(gy);
    const ty = gy - iy;
    for (let x = 0; x < W; x++) {
      const gx = x / cell;
      const ix = Math.floor(gx);
      const tx = gx - ix;
      const f00 = (iy * gw + ix) * 2;
      const f01 = f00 + 2;
      const f10 = f00 + gw * 2;
      const f11 = f10 + 2;
      const ddx =
        (field[f00]! * (1 - tx) + field[f01]! * tx) * (1 - ty) +
        (field[f10]! * (1 - tx) + field[f11]! * tx) * ty;
      const ddy =
        (field[f00 + 1]! * (1 - tx) + field[f01 + 1]! * tx) * (1 - ty) +
        (field[f10 + 1]! * (1 - tx) + field[f11 + 1]! * tx) * ty;
      const sx = Math.min(W - 1, Math.max(0, x + ddx));
      const sy = Math.min(H - 1, Math.max(0, y + ddy));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(W - 1, x0 + 1);
      const y1 = Math.min(H - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * W + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const v =
          (out[(y0 * W + x0) * 3 + ch]! * (1 - fx) + out[(y0 * W + x1) * 3 + ch]! * fx) * (1 - fy) +
          (out[(y1 * W + x0) * 3 + ch]! * (1 - fx) + out[(y1 * W + x1) * 3 + ch]! * fx) * fy;
        data[o + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
      warpedFrom[y * W + x] = Math.round(sy) * W + Math.round(sx);
    }
  }

  return {
    width: W,
    height: H,
    data,
    recipe,
    sourceOf(x, y) {
      const s =
        warpedFrom[
          Math.min(H - 1, Math.max(0, Math.round(y))) * W + Math.min(W - 1, Math.max(0, Math.round(x)))
        ]!;
      const vi = fromVersion[s]!;
      if (!vi) return null;
      const v = versions[vi - 1]!;
      const t = fromPixel[s]!;
      const [px, py] = v.toPhoto(t % v.width, Math.floor(t / v.width));
      const meta = recipe.versions[vi - 1]!;
      return { x: px, y: py, angle: meta.angle, mirrored: meta.mirrored, scale: recipe.scale * meta.scale };
    },
    camera(picture) {
      const noise = mulberry32(recipe.seed ^ 0x5bd1e995);
      const gauss = () => {
        const u = Math.max(1e-9, noise());
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * noise());
      };
      // The shading: a linear ramp in a direction of the seed's choosing.
      const theta = noise() * 2 * Math.PI;
      const dx = Math.cos(theta) / Math.max(1, W);
      const dy = Math.sin(theta) / Math.max(1, H);
      const shot = new Uint8Array(picture.length);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const shade = 1 + recipe.shading * 2 * ((x - W / 2) * dx + (y - H / 2) * dy);
          const o = (y * W + x) * 3;
          for (let ch = 0; ch < 3; ch++) {
            const v = picture[o + ch]! * recipe.gains[ch]! * shade + gauss() * recipe.noise;
            shot[o + ch] = Math.round(Math.min(255, Math.max(0, v)));
          }
        }
      return shot;
    },
  };
}
