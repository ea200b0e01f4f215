/**
 * Targets hunters know, as polygons in a 100 x 100 box (x right, y down, the ground at y = 100),
 * with the real height each stands for, so a design is tiled at a true-to-life scale on it.
 */
export interface Silhouette {
  id: string;
  label: string;
  /** Real height of the shape's box in metres. */
  heightM: number;
  points: readonly (readonly [number, number])[];
}

export const silhouettes: readonly Silhouette[] = [
  {
    id: 'crouching-hunter',
    label: 'a crouching hunter',
    heightM: 1.05,
    points: [
      [40, 4],
      [48, 2],
      [55, 5],
      [57, 12],
      [55, 19],
      [62, 22],
      [70, 30],
      [74, 42],
      [72, 52],
      [64, 56],
      [70, 62],
      [78, 74],
      [80, 90],
      [84, 98],
      [62, 100],
      [60, 92],
      [56, 80],
      [46, 78],
      [38, 86],
      [30, 98],
      [12, 100],
      [14, 92],
      [22, 84],
      [26, 70],
      [30, 56],
      [30, 40],
      [34, 26],
      [38, 19],
      [36, 11],
    ],
  },
  {
    id: 'ground-blind',
    label: 'a ground blind',
    heightM: 1.7,
    points: [
      [50, 0],
      [70, 8],
      [90, 22],
      [98, 100],
      [2, 100],
      [10, 22],
      [30, 8],
    ],
  },
  {
    id: 'deer',
    label: 'a deer',
    heightM: 1.6,
    points: [
      [78, 0],
      [80, 8],
      [84, 4],
      [86, 10],
      [82, 16],
      [90, 22],
      [96, 28],
      [92, 32],
      [84, 30],
      [80, 44],
      [78, 58],
      [74, 64],
      [76, 100],
      [71, 100],
      [68, 70],
      [62, 66],
      [58, 100],
      [53, 100],
      [52, 66],
      [30, 64],
      [24, 70],
      [26, 100],
      [21, 100],
      [18, 72],
      [14, 70],
      [12, 100],
      [7, 100],
      [6, 66],
      [4, 52],
      [6, 42],
      [2, 38],
      [8, 36],
      [16, 38],
      [40, 38],
      [62, 36],
      [72, 30],
      [74, 18],
      [72, 10],
      [74, 2],
    ],
  },
  {
    id: 'turkey',
    label: 'a turkey',
    heightM: 0.95,
    points: [
      [72, 4],
      [78, 2],
      [82, 8],
      [80, 16],
      [76, 22],
      [74, 34],
      [72, 48],
      [62, 62],
      [56, 70],
      [58, 86],
      [62, 100],
      [58, 100],
      [52, 88],
      [46, 88],
      [44, 100],
      [40, 100],
      [40, 86],
      [30, 76],
      [18, 74],
      [6, 64],
      [2, 48],
      [6, 30],
      [14, 20],
      [22, 28],
      [28, 40],
      [40, 44],
      [56, 40],
      [66, 30],
      [70, 18],
      [68, 10],
    ],
  },
  {
    id: 'pack',
    label: 'a pack',
    heightM: 0.65,
    points: [
      [26, 6],
      [40, 0],
      [60, 0],
      [74, 6],
      [80, 20],
      [82, 60],
      [80, 90],
      [74, 100],
      [26, 100],
      [20, 90],
      [18, 60],
      [20, 20],
    ],
  },
];

export function silhouetteById(id: string): Silhouette {
  const found = silhouettes.find((s) => s.id === id);
  if (!found) throw new Error(`unknown silhouette ${id}`);
  return found;
}

/** Where a silhouette stands in an image: centre, height in pixels, rotation in degrees. */
export interface Placement {
  x: number;
  y: number;
  size: number;
  rotation: number;
}

/** The SVG transform that maps the 100 x 100 box onto the image at `placement`. */
export function svgTransform(p: Placement): string {
  return `translate(${p.x} ${p.y}) rotate(${p.rotation}) scale(${p.size / 100}) translate(-50 -50)`;
}

/** A point of the image in the silhouette's box (the inverse of svgTransform). */
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
