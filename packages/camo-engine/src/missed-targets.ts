/**
 * The targets a drawn design misses through its layout (G1-G7 as the engine can tell on its
 * own), which generate() compares to rescue a layout that misses one.
 */
import type { PhotoAnalysis } from './analysis/analyse.js';
import { rgbToLab } from './color/lab.js';
import { G4_WORST, tileAxisShare, type Drawn } from './feedback.js';
import { coverage } from './metrics/design-metrics.js';
import type { DesignStyle } from './recipe/recipe-types.js';
import type { RenderedTile } from './render/render.js';

/**
 * The targets a drawn design misses through its layout, as cheaply as the engine can tell on its
 * own. Every candidate of a style has the same palette and asks the same shares, so what the palette
 * decides is the same for all and is not counted: G1 (3-7 colours used), G2 as "every colour the
 * recipe gives a share is used" (then its palette-to-photo distances are the recipe's), G3 (total
 * variation against the engine's own clustering of the ground, analysis.palette; mean L* within 2;
 * spread ratio 0.8-1.25) only where the drawn shares miss a bound that the shares the recipe asks
 * meet, G4's worst bound (0.8), G5's wrap-edge jump, G6 (unless not measured: the blobs toggle)
 * and G7. G8 holds by construction. Codes only ('G3 TV', ...), to compare two designs.
 */
export function missedTargets(drawn: Drawn, analysis: PhotoAnalysis, style: DesignStyle): string[] {
  const { tile, recipe } = drawn;
  const n = tile.size * tile.size;
  const counts = new Float64Array(tile.palette.length);
  for (let i = 0; i < n; i++) counts[tile.index[i] ?? 0]! += 1;
  const drawnShares = Array.from(counts, (c) => c / n);
  const askedShares = recipe.palette.map((p) => p.share);
  const labs = tile.palette.map(([r, g, b]) => rgbToLab(r, g, b));
  const used = new Set(tile.palette.filter((_, k) => (counts[k] ?? 0) > 0).map((c) => c.join(',')));
  const missed: string[] = [];
  if (used.size < 3 || used.size > 7) missed.push('G1');
  if (recipe.palette.some((p, k) => p.share > 0 && (counts[k] ?? 0) === 0)) missed.push('G2');
  const clusters = analysis.palette.map((s) => ({ lab: s.lab, share: s.share }));
  const g3 = (shares: readonly number[]): { tv: boolean; mean: boolean; spread: boolean } => {
    let mean = 0;
    labs.forEach((l, k) => (mean += l.L * (shares[k] ?? 0)));
    let v2 = 0;
    labs.forEach((l, k) => (v2 += (l.L - mean) ** 2 * (shares[k] ?? 0)));
    const ratio = Math.sqrt(v2) / (analysis.stdL || 1);
    return {
      tv: coverage(labs, shares, clusters).tvDistance > 0.1,
      mean: Math.abs(mean - analysis.meanL) > 2,
      spread: ratio < 0.8 || ratio > 1.25,
    };
  };
  const got = g3(drawnShares);
  const asked = g3(askedShares);
  if (got.tv && !asked.tv) missed.push('G3 TV');
  if (got.mean && !asked.mean) missed.push('G3 mean L');
  if (got.spread && !asked.spread) missed.push('G3 L spread');
  if (Math.abs(drawn.diff) > G4_WORST) missed.push('G4');
  const jump = wrapJump(tile);
  if (Math.min(jump.x, jump.y) < 0.5 || Math.max(jump.x, jump.y) > 1.5) missed.push('G5');
  if (drawn.span < 2.5) missed.push('G6');
  const axis = tileAxisShare(tile);
  if (style === 'organic' ? axis > 0.35 : axis < 0.7) missed.push('G7');
  return missed;
}

/** G5's wrap-edge jump ratios (as metrics/tiling.ts measures them on RGB), from palette indices. */
function wrapJump(tile: RenderedTile): { x: number; y: number } {
  const k = tile.palette.length;
  const dist = new Float64Array(k * k);
  for (let a = 0; a < k; a++)
    for (let b = 0; b < k; b++) {
      const p = tile.palette[a] ?? [0, 0, 0];
      const q = tile.palette[b] ?? [0, 0, 0];
      dist[a * k + b] = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    }
  const s = tile.size;
  const ix = tile.index;
  let interiorX = 0;
  let seamX = 0;
  let interiorY = 0;
  let seamY = 0;
  for (let y = 0; y < s; y++) {
    const row = y * s;
    const below = ((y + 1) % s) * s;
    for (let x = 0; x < s; x++) {
      const c = (ix[row + x] ?? 0) * k;
      const right = dist[c + (ix[row + ((x + 1) % s)] ?? 0)] ?? 0;
      const down = dist[c + (ix[below + x] ?? 0)] ?? 0;
      if (x === s - 1) seamX += right;
      else interiorX += right;
      if (y === s - 1) seamY += down;
      else interiorY += down;
    }
  }
  interiorX /= s * (s - 1);
  interiorY /= s * (s - 1);
  seamX /= s;
  seamY /= s;
  return { x: interiorX > 0 ? seamX / interiorX : 1, y: interiorY > 0 ? seamY / interiorY : 1 };
}
