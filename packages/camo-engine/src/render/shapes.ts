import { mulberry32 } from '../metrics/prng.js';
import type { Overlays } from '../recipe/recipe-types.js';

/**
 * Point-membership tests for stamped shapes (dots, leaves, branches) on the unit torus.
 * Shapes are bucketed on a grid; each shape is inserted into every bucket its bounding box
 * touches (with wrap-around), so a lookup checks only its own bucket.
 */
interface Shape {
  kind: 0 | 1 | 2; // 0 disc, 1 leaf (lens), 2 capsule segment
  cx: number;
  cy: number;
  /** disc radius, leaf half-length, or segment half-thickness */
  r: number;
  /** leaf half-width */
  w: number;
  cos: number;
  sin: number;
  /** segment end point (relative to cx, cy) */
  dx: number;
  dy: number;
  colour: number;
}

const G = 48;

/**
 * The index of a leaf's colour from one uniform draw: in proportion to `weights` when they are
 * given and positive, else each of the n colours equally often (recipes made before the weights).
 */
function leafPicker(n: number, weights: readonly number[] | undefined): (u: number) => number {
  const total = weights?.length === n ? weights.reduce((a, w) => a + Math.max(0, w), 0) : 0;
  if (!weights || !(total > 0)) return (u) => Math.floor(u * n);
  return (u) => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      acc += Math.max(0, weights[i] ?? 0) / total;
      if (u < acc) return i;
    }
    return n - 1;
  };
}

export class ShapeField {
  private readonly buckets: Shape[][] = Array.from({ length: G * G }, () => []);
  readonly empty: boolean;

  constructor(overlays: Overlays) {
    const shapes: Shape[] = [];
    const dots = overlays.dots;
    if (dots) {
      const rand = mulberry32(dots.seed);
      for (let i = 0; i < dots.count; i++) {
        const r = dots.radius * (0.55 + 0.9 * rand());
        shapes.push({
          kind: 0,
          cx: rand(),
          cy: rand(),
          r,
          w: 0,
          cos: 1,
          sin: 0,
          dx: 0,
          dy: 0,
          colour: dots.colour,
        });
      }
    }
    const obj = overlays.objects;
    if (obj) {
      const rand = mulberry32(obj.seed);
      for (let b = 0; b < obj.branches; b++) {
        // A branch: a wandering chain of tapering capsules with leaf-bearing twigs.
        let x = rand();
        let y = rand();
        let ang = rand() * Math.PI * 2;
        let thick = obj.size * 0.09;
        const segs = 7;
        const step = obj.size * 0.45;
        for (let s = 0; s < segs; s++) {
          ang += (rand() - 0.5) * 0.7;
          const dx = Math.cos(ang) * step;
          const dy = Math.sin(ang) * step;
          shapes.push({
            kind: 2,
            cx: x,
            cy: y,
            r: thick,
            w: 0,
            cos: 1,
            sin: 0,
            dx,
            dy,
            colour: obj.branchColour,
          });
          if (s % 2 === 1) {
            const side = rand() < 0.5 ? -1 : 1;
            const ta = ang + side * (0.6 + rand() * 0.5);
            const tl = step * 0.6;
            shapes.push({
              kind: 2,
              cx: x + dx * 0.5,
              cy: y + dy * 0.5,
              r: thick * 0.55,
              w: 0,
              cos: 1,
              sin: 0,
              dx: Math.cos(ta) * tl,
              dy: Math.sin(ta) * tl,
              colour: obj.branchColour,
            });
          }
          x += dx;
          y += dy;
          thick *= 0.86;
        }
      }
      const leafPick = leafPicker(obj.leafColours.length, obj.leafWeights);
      for (let l = 0; l < obj.leaves; l++) {
        const len = obj.size * (0.22 + 0.22 * rand());
        const ang = rand() * Math.PI * 2;
        const colour = obj.leafColours[leafPick(rand())] ?? 0;
        shapes.push({
          kind: 1,
          cx: rand(),
          cy: rand(),
          r: len,
          w: len * (0.32 + 0.12 * rand()),
          cos: Math.cos(ang),
          sin: Math.sin(ang),
          dx: 0,
          dy: 0,
          colour,
        });
      }
    }
    this.empty = shapes.length === 0;
    for (const s of shapes) {
      let minX: number;
      let maxX: number;
      let minY: number;
      let maxY: number;
      if (s.kind === 2) {
        minX = s.cx + Math.min(0, s.dx) - s.r;
        maxX = s.cx + Math.max(0, s.dx) + s.r;
        minY = s.cy + Math.min(0, s.dy) - s.r;
        maxY = s.cy + Math.max(0, s.dy) + s.r;
      } else {
        minX = s.cx - s.r;
        maxX = s.cx + s.r;
        minY = s.cy - s.r;
        maxY = s.cy + s.r;
      }
      const bx0 = Math.floor(minX * G);
      const bx1 = Math.floor(maxX * G);
      const by0 = Math.floor(minY * G);
      const by1 = Math.floor(maxY * G);
      for (let by = by0; by <= by1; by++) {
        for (let bx = bx0; bx <= bx1; bx++) {
          const i = (((by % G) + G) % G) * G + (((bx % G) + G) % G);
          this.buckets[i]?.push(s);
        }
      }
    }
  }

  /** Colour index of the top-most shape covering (u, v) in [0, 1)^2, or -1. Later shapes win. */
  colourAt(u: number, v: number): number {
    const b = this.buckets[Math.min(G - 1, Math.floor(v * G)) * G + Math.min(G - 1, Math.floor(u * G))];
    if (!b || b.length === 0) return -1;
    let hit = -1;
    for (const s of b) {
      let dx = u - s.cx;
      let dy = v - s.cy;
      dx -= Math.round(dx);
      dy -= Math.round(dy);
      if (s.kind === 0) {
        if (dx * dx + dy * dy <= s.r * s.r) hit = s.colour;
      } else if (s.kind === 1) {
        const lx = dx * s.cos + dy * s.sin;
        const ly = -dx * s.sin + dy * s.cos;
        const t = lx / s.r;
        if (t > -1 && t < 1 && Math.abs(ly) <= s.w * (1 - t * t)) hit = s.colour;
      } else {
        // Capsule: distance from the point to the segment, on the torus (segments are short).
        const ex = s.dx;
        const ey = s.dy;
        const len2 = ex * ex + ey * ey;
        let t = len2 > 0 ? (dx * ex + dy * ey) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const qx = dx - t * ex;
        const qy = dy - t * ey;
        if (qx * qx + qy * qy <= s.r * s.r) hit = s.colour;
      }
    }
    return hit;
  }
}
