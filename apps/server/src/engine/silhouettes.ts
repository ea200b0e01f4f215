import { silhouettes, type Placement, type Silhouette } from '@camo/camo-engine';

// The targets (polygons with their real heights) live in the engine, which the predicted
// concealment also reads; the game keeps here how a placed target is drawn and hit.
export { silhouettes, type Placement, type Silhouette };

export function silhouetteById(id: string): Silhouette {
  const found = silhouettes.find((s) => s.id === id);
  if (!found) throw new Error(`unknown silhouette ${id}`);
  return found;
}

/** A point of the image in the silhouette's box (the inverse of the engine's outline transform). */
function toBox(p: Placement, x: number, y: number): [number, number] {
  const a = (-p.rotation * Math.PI) / 180;
  const dx = x - p.x;
  const dy = y - p.y;
  const rx = dx * Math.cos(a) - dy * Math.sin(a);
  const ry = dx * Math.sin(a) + dy * Math.cos(a);
  const k = 100 / p.size;
  return [rx * k + 50, ry * k + 50];
}

function insidePolygon(points: Silhouette['points'], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToEdges(points: Silhouette['points'], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [ax, ay] = points[j]!;
    const [bx, by] = points[i]!;
    const lx = bx - ax;
    const ly = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * lx + (y - ay) * ly) / (lx * lx + ly * ly || 1)));
    best = Math.min(best, Math.hypot(x - (ax + t * lx), y - (ay + t * ly)));
  }
  return best;
}

/** Whether an image point is on the target, or within `tolerancePx` of it. */
export function hitsTarget(s: Silhouette, p: Placement, x: number, y: number, tolerancePx: number): boolean {
  const [bx, by] = toBox(p, x, y);
  if (insidePolygon(s.points, bx, by)) return true;
  return distanceToEdges(s.points, bx, by) * (p.size / 100) <= tolerancePx;
}

/** The target's bounding box in image pixels. */
export function targetBox(s: Silhouette, p: Placement) {
  const a = (p.rotation * Math.PI) / 180;
  const k = p.size / 100;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of s.points) {
    const dx = (px - 50) * k;
    const dy = (py - 50) * k;
    xs.push(p.x + dx * Math.cos(a) - dy * Math.sin(a));
    ys.push(p.y + dx * Math.sin(a) + dy * Math.cos(a));
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
