/**
 * The attack hide and seek's scenes must withstand (decision 024), written as an attacker would:
 * register the round's picture to a reference picture (a public photo, or another round of the same
 * photo) over mirror, scale, turn and shift, with each colour channel normalised so a colour jitter
 * changes nothing, then take the place where the two differ most as the target. A scene cut from the
 * photo (a crop, scale, flip or colour jitter of it) gives itself away this way; a synthesised scene
 * must not. Pure and deterministic; the tests and scripts/scene-attack.ts run it.
 */
import type { RgbRaster } from './compose.js';

interface Grey {
  w: number;
  h: number;
  /** Three normalised channels a pixel. */
  v: Float32Array;
}

/** `img` area-averaged by `f` (at least 1), each channel as its log light less the local mean. */
function reduce(img: RgbRaster, f: number): Grey {
  const w = Math.max(1, Math.floor(img.width / f));
  const h = Math.max(1, Math.floor(img.height / f));
  const v = new Float32Array(w * h * 3);
  const n = new Float32Array(w * h);
  for (let y = 0; y < h * f && y < img.height; y++)
    for (let x = 0; x < w * f && x < img.width; x++) {
      const o = Math.min(h - 1, Math.floor(y / f)) * w + Math.min(w - 1, Math.floor(x / f));
      const i = (y * img.width + x) * 3;
      v[o * 3]! += img.data[i]!;
      v[o * 3 + 1]! += img.data[i + 1]!;
      v[o * 3 + 2]! += img.data[i + 2]!;
      n[o]! += 1;
    }
  // Log light less its local mean (a window half the short side): a gain on a channel, a crop's other mean or
  // a smooth shading leaves it unchanged.
  for (let i = 0; i < w * h * 3; i++) v[i] = Math.log(v[i]! / n[Math.floor(i / 3)]! + 8);
  const box = (src: Float32Array, radius: number) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          let k = 0;
          for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++)
            for (let xx = Math.max(0, x - radius); xx <= Math.min(w - 1, x + radius); xx++) {
              sum += src[(yy * w + xx) * 3 + c]!;
              k++;
            }
          out[(y * w + x) * 3 + c] = sum / k;
        }
    return out;
  };
  // A 3 x 3 blur first: a registration a cell off still compares like with like.
  const fine = box(v, 1);
  const local = box(v, Math.max(2, Math.round(Math.min(w, h) / 4)));
  for (let i = 0; i < v.length; i++) v[i] = fine[i]! - local[i]!;
  return { w, h, v };
}

/** A similarity from the round's pixels to the reference's: p_ref = k * R(angle) * M * p + (tx, ty). */
interface Similarity {
  mirrored: boolean;
  k: number;
  angle: number;
  tx: number;
  ty: number;
}

/** Mean absolute difference of `r` and `s` under `t` over a stride of r's pixels; Infinity when under 60% overlap. */
function misfit(r: Grey, s: Grey, t: Similarity, stride: number): number {
  const cos = Math.cos((t.angle * Math.PI) / 180) * t.k;
  const sin = Math.sin((t.angle * Math.PI) / 180) * t.k;
  const m = t.mirrored ? -1 : 1;
  let sum = 0;
  let inside = 0;
  let all = 0;
  for (let y = 0; y < r.h; y += stride)
    for (let x = 0; x < r.w; x += stride) {
      all++;
      const mx = m * x;
      const sx = Math.round(cos * mx - sin * y + t.tx);
      const sy = Math.round(sin * mx + cos * y + t.ty);
      if (sx < 0 || sy < 0 || sx >= s.w || sy >= s.h) continue;
      const i = (y * r.w + x) * 3;
      const j = (sy * s.w + sx) * 3;
      sum +=
        Math.abs(r.v[i]! - s.v[j]!) +
        Math.abs(r.v[i + 1]! - s.v[j + 1]!) +
        Math.abs(r.v[i + 2]! - s.v[j + 2]!);
      inside++;
    }
  return inside < 0.6 * all ? Infinity : sum / inside;
}

/**
 * The best similarity of `r` to `s`: an exhaustive search on `rc` and `sc` (the same pictures at
 * half the resolution), then finer searches around it at full resolution.
 */
function register(r: Grey, s: Grey, rc: Grey, sc: Grey): Similarity & { misfit: number } {
  let best: Similarity & { misfit: number } = {
    mirrored: false,
    k: 1,
    angle: 0,
    tx: 0,
    ty: 0,
    misfit: Infinity,
  };
  for (const mirrored of [false, true])
    for (const k of [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.4, 1.6])
      for (const angle of [-10, -5, 0, 5, 10]) {
        // Shifts that put the round's centre inside the reference.
        const cos = Math.cos((angle * Math.PI) / 180) * k;
        const sin = Math.sin((angle * Math.PI) / 180) * k;
        const cx = (mirrored ? -1 : 1) * (rc.w / 2);
        const cy = rc.h / 2;
        const x0 = Math.round(-(cos * cx - sin * cy));
        const y0 = Math.round(-(sin * cx + cos * cy));
        for (let ty = y0; ty <= y0 + sc.h; ty++)
          for (let tx = x0; tx <= x0 + sc.w; tx++) {
            const t = { mirrored, k, angle, tx, ty };
            const e = misfit(rc, sc, t, 2);
            if (e < best.misfit) best = { ...t, misfit: e };
          }
      }
  const start = { ...best, tx: best.tx * 2 + 0.5 * (1 - best.k), ty: best.ty * 2 + 0.5 * (1 - best.k) };
  return refine(r, s, { ...start, misfit: misfit(r, s, start, 1) }, [
    [0.05, 2.5, 3],
    [0.02, 1, 1],
    [0.01, 0.5, 1],
  ]);
}

/** Searches around `start` in rounds of smaller steps (scale, turn in degrees, shift in cells). */
function refine(
  r: Grey,
  s: Grey,
  start: Similarity & { misfit: number },
  steps: readonly (readonly [number, number, number])[],
): Similarity & { misfit: number } {
  let best = start;
  for (const [dk, da, dt] of steps) {
    const around = best;
    for (let ik = -2; ik <= 2; ik++)
      for (let ia = -2; ia <= 2; ia++)
        for (let dy = -dt; dy <= dt; dy++)
          for (let dx = -dt; dx <= dt; dx++) {
            const t = {
              ...around,
              k: around.k + ik * dk,
              angle: around.angle + ia * da,
              tx: around.tx + dx,
              ty: around.ty + dy,
            };
            const e = misfit(r, s, t, 1);
            if (e < best.misfit) best = { ...t, misfit: e };
          }
  }
  return best;
}

/**
 * Where the attacker guesses the target is, in the round's pixels: register `round` to `reference`
 * at about `grid` cells on the round's short side, then the centre of the 3x3-cell window where the
 * registered pictures differ most.
 */
export function attackGuess(
  round: RgbRaster,
  reference: RgbRaster,
  grid = 40,
): { x: number; y: number; misfit: number } {
  const f = Math.max(1, Math.min(round.width, round.height) / grid);
  const coarse = register(
    reduce(round, f),
    reduce(reference, f),
    reduce(round, f * 2),
    reduce(reference, f * 2),
  );
  // Then at twice the resolution, where a target a tenth of the height is a few cells across.
  const r = reduce(round, f / 2);
  const s = reduce(reference, f / 2);
  const start = {
    ...coarse,
    tx: coarse.tx * 2 + 0.5 * (1 - coarse.k),
    ty: coarse.ty * 2 + 0.5 * (1 - coarse.k),
  };
  const t = refine(r, s, { ...start, misfit: misfit(r, s, start, 1) }, [
    [0.01, 0.5, 2],
    [0.005, 0.25, 1],
  ]);
  const cos = Math.cos((t.angle * Math.PI) / 180) * t.k;
  const sin = Math.sin((t.angle * Math.PI) / 180) * t.k;
  const m = t.mirrored ? -1 : 1;
  // The signed difference per channel at the reference's pixel or the neighbour that agrees best
  // (a registration off by a cell then leaves near nothing), less its local mean (what a gain, a
  // shading or the normalisation at a crop's edge leaves is smooth; a target is not).
  const signed = new Float32Array(r.w * r.h * 3);
  const overlap = new Uint8Array(r.w * r.h);
  for (let y = 0; y < r.h; y++)
    for (let x = 0; x < r.w; x++) {
      const sx = Math.round(cos * m * x - sin * y + t.tx);
      const sy = Math.round(sin * m * x + cos * y + t.ty);
      if (sx < 0 || sy < 0 || sx >= s.w || sy >= s.h) continue;
      const i = (y * r.w + x) * 3;
      let least = Infinity;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = sx + dx;
          const yy = sy + dy;
          if (xx < 0 || yy < 0 || xx >= s.w || yy >= s.h) continue;
          const j = (yy * s.w + xx) * 3;
          const d0 = r.v[i]! - s.v[j]!;
          const d1 = r.v[i + 1]! - s.v[j + 1]!;
          const d2 = r.v[i + 2]! - s.v[j + 2]!;
          const e = Math.abs(d0) + Math.abs(d1) + Math.abs(d2);
          if (e < least) {
            least = e;
            signed[i] = d0;
            signed[i + 1] = d1;
            signed[i + 2] = d2;
          }
        }
      overlap[y * r.w + x] = 1;
    }
  const radius = Math.max(2, Math.round(Math.min(r.w, r.h) * 0.12));
  const diff = new Float32Array(r.w * r.h);
  for (let y = 0; y < r.h; y++)
    for (let x = 0; x < r.w; x++) {
      if (!overlap[y * r.w + x]) continue;
      const mean = [0, 0, 0];
      let n = 0;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(r.h - 1, y + radius); yy += 2)
        for (let xx = Math.max(0, x - radius); xx <= Math.min(r.w - 1, x + radius); xx += 2) {
          if (!overlap[yy * r.w + xx]) continue;
          for (let c = 0; c < 3; c++) mean[c]! += signed[(yy * r.w + xx) * 3 + c]!;
          n++;
        }
      const i = (y * r.w + x) * 3;
      diff[y * r.w + x] =
        Math.abs(signed[i]! - mean[0]! / n) +
        Math.abs(signed[i + 1]! - mean[1]! / n) +
        Math.abs(signed[i + 2]! - mean[2]! / n);
    }
  // The sum over a small window, away from the edges (a target stands whole in the picture, and
  // an edge is where a registration is least exact).
  const half = Math.max(1, Math.round(Math.min(r.w, r.h) * 0.02));
  const margin = Math.max(half, Math.round(Math.min(r.w, r.h) * 0.06));
  let bx = 0;
  let by = 0;
  let bv = -1;
  for (let y = margin; y < r.h - margin; y++)
    for (let x = margin; x < r.w - margin; x++) {
      let v = 0;
      for (let dy = -half; dy <= half; dy++)
        for (let dx = -half; dx <= half; dx++) v += diff[(y + dy) * r.w + x + dx]!;
      if (v > bv) {
        bv = v;
        bx = x;
        by = y;
      }
    }
  return { x: ((bx + 0.5) * f) / 2, y: ((by + 0.5) * f) / 2, misfit: t.misfit };
}

/**
 * A second, cheaper attacker: a design is 3-7 flat colours and the ground is photographed texture,
 * so guess the window of about `windowPx` where the lightness varies least (4 px cells, away from the
 * edges).
 */
export function flatnessGuess(picture: RgbRaster, windowPx: number): { x: number; y: number } {
  const c = 4;
  const gw = Math.floor(picture.width / c);
  const gh = Math.floor(picture.height / c);
  const spread = new Float32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      let s = 0;
      let s2 = 0;
      for (let y = gy * c; y < gy * c + c; y++)
        for (let x = gx * c; x < gx * c + c; x++) {
          const i = (y * picture.width + x) * 3;
          const l = 0.2126 * picture.data[i]! + 0.7152 * picture.data[i + 1]! + 0.0722 * picture.data[i + 2]!;
          s += l;
          s2 += l * l;
        }
      const n = c * c;
      spread[gy * gw + gx] = Math.log(1 + Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)));
    }
  const half = Math.max(1, Math.round(windowPx / c / 2));
  const margin = Math.max(half, Math.round(gh * 0.06));
  let best = Infinity;
  let bx = 0;
  let by = 0;
  for (let gy = margin; gy < gh - margin; gy++)
    for (let gx = margin; gx < gw - margin; gx++) {
      let v = 0;
      for (let dy = -half; dy <= half; dy++)
        for (let dx = -half; dx <= half; dx++) v += spread[(gy + dy) * gw + gx + dx]!;
      if (v < best) {
        best = v;
        bx = gx;
        by = gy;
      }
    }
  return { x: (bx + 0.5) * c, y: (by + 0.5) * c };
}
