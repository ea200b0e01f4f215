/**
 * The colour edits of a request: "more brown", "less green", "no black", "olive accents" (a colour
 * grown, shrunk, removed or added, lines drawn in it moved to another) and "the lightest colour"
 * (byRank), with what counts as the colour asked for.
 */
import type { Lab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { addColour, dropLineColour, removeColour, setShare } from './colour-ops.js';
import type { EditOp } from './parse.js';
import { areaColours, editRandom, nearestColour } from './recipe-ops.js';

/** A palette colour within this (CIEDE2000) counts as the colour asked for. */
export const SAME_COLOUR = 14;
/**
 * "More <colour>" grows a palette colour only this close to the one asked for, and otherwise adds
 * it: 10-14 away is near enough to name what to take away, but growing it does not give the colour
 * asked ("more beige" on a forest palette grew an ash grey 13 away; "swamp"'s mud grew a pine green).
 */
const GROW_SAME_COLOUR = 10;

/**
 * Black as people use the word: ISCC-NBS's black and its "brownish", "greenish", "bluish" blacks
 * reach Munsell value 2.5 (about L* 25) at low chroma (Kelly and Judd 1976; decision 027). "No black"
 * on a design whose darkest colour is such a near-black (a charcoal, a peat) removes that colour
 * even when it is more than SAME_COLOUR from the colour table's black.
 */
const NEAR_BLACK_L = 25;
const NEAR_BLACK_CHROMA = 10;
function isNearBlack(lab: Lab): boolean {
  return lab.L <= NEAR_BLACK_L && Math.hypot(lab.a, lab.b) <= NEAR_BLACK_CHROMA;
}
/** Whether a colour asked for is black itself (the table's black, jet, onyx...), not a dark hue. */
function asksBlack(lab: Lab): boolean {
  return lab.L <= 12 && Math.hypot(lab.a, lab.b) <= 6;
}

/** The darkest colour with area, or -1. */
function darkestArea(r: Recipe): number {
  let best = -1;
  for (const i of areaColours(r)) {
    const p = r.palette[i];
    const q = r.palette[best];
    if (p && (!q || p.lab.L < q.lab.L)) best = i;
  }
  return best;
}

/** The colours with no area of their own that lines, outlines or branches are drawn in. */
function lineColours(r: Recipe): number[] {
  const o = r.overlays;
  const used = new Set<number>(
    [o.contours?.colour, o.outlines?.colour, o.objects?.branchColour, o.dots?.colour].filter(
      (c): c is number => c !== undefined,
    ),
  );
  return [...used].filter((c) => (r.palette[c]?.share ?? 1) <= 0);
}

/** "the lightest colour": the colour with area of highest (lowest) L*, as a colour operation on it. */
export function byRank(r: Recipe, op: Extract<EditOp, { kind: 'rank' }>): EditOp {
  let best = -1;
  r.palette.forEach((p, i) => {
    if (p.share <= 0) return;
    const q = r.palette[best];
    if (!q || (op.which === 'lightest' ? p.lab.L > q.lab.L : p.lab.L < q.lab.L)) best = i;
  });
  const p = r.palette[best];
  return {
    kind: 'colour',
    colour: { name: `the ${op.which} colour`, lab: p ? { ...p.lab } : { L: 50, a: 0, b: 0 } },
    mode: op.mode,
    k: op.k,
  };
}

function labKey(lab: { L: number; a: number; b: number }): string {
  return [lab.L, lab.a, lab.b].map((v) => v.toFixed(1)).join(',');
}

/**
 * A colour operation (op.mode: more, less, remove or accent) on the recipe being edited, within
 * `budget` of the tile; what was done and what would change nothing are added to `done`, `noop`.
 */
export function applyColour(
  r: Recipe,
  op: Extract<EditOp, { kind: 'colour' }>,
  /** The recipe as it was before the request (a new colour's field is keyed on it). */
  recipe: Recipe,
  budget: number,
  done: string[],
  noop: string[],
): void {
  let { i, d } = nearestColour(r, op.colour.lab);
  const black = asksBlack(op.colour.lab);
  if (d >= SAME_COLOUR && black && (op.mode === 'remove' || op.mode === 'less')) {
    const k = darkestArea(r);
    const p = r.palette[k];
    if (p && isNearBlack(p.lab)) [i, d] = [k, 0];
  }
  const hit = r.palette[i];
  const present = hit && d < SAME_COLOUR;
  if (op.mode === 'remove' || op.mode === 'less') {
    // Lines drawn in black (or near-black) go to the darkest colour that stays.
    const lines = lineColours(r).filter((c) => {
      const p = r.palette[c];
      return p && (black ? isNearBlack(p.lab) : ciede2000(p.lab, op.colour.lab) < SAME_COLOUR);
    });
    if (lines.length && (!present || op.mode === 'remove' || op.k >= 2)) {
      const keep = areaColours(r).filter((c) => c !== (present ? i : -1));
      const to = keep.reduce(
        (a, c) => ((r.palette[c]?.lab.L ?? 0) < (r.palette[a]?.lab.L ?? Infinity) ? c : a),
        keep[0] ?? -1,
      );
      const toName = r.palette[to]?.name ?? '';
      // From the highest index down: dropping an entry shifts the ones after it.
      for (const c of [...lines].sort((a, b) => b - a)) dropLineColour(r, c, to);
      done.push(`lines drawn in ${toName} instead of ${op.colour.name}`);
      if (!present) return;
      ({ i, d } = nearestColour(r, hit?.lab ?? op.colour.lab));
    }
  }
  if (op.mode === 'remove' || op.mode === 'less') {
    if (!present || !hit) {
      noop.push(`there is no ${op.colour.name} in this palette (${r.palette.map((p) => p.name).join(', ')})`);
      return;
    }
    if (op.mode === 'remove' || op.k >= 2) {
      if (areaColours(r).length <= 3) {
        noop.push(`${hit.name} cannot go: a design needs at least three colours`);
        return;
      }
      removeColour(r, i);
      done.push(`removed ${hit.name} (${op.colour.name})`);
    } else {
      const s = hit.share;
      setShare(r, i, Math.max(0.02, s - Math.min(budget, s * (1 - 1 / (1 + 0.6 * op.k)))));
      done.push(`less ${hit.name} (${op.colour.name})`);
    }
    return;
  }
  const grows = present && d < GROW_SAME_COLOUR;
  if (grows && hit && op.mode !== 'accent') {
    setShare(r, i, Math.min(0.75, hit.share + Math.min(budget / 2, 0.3 * hit.share * op.k + 0.03 * op.k)));
    done.push(`more ${hit.name} (${op.colour.name})`);
  } else if (grows && hit) {
    if (hit.share < 0.05) setShare(r, i, 0.05);
    done.push(`${hit.name} accents (${op.colour.name})`);
  } else {
    const share =
      op.mode === 'accent' ? Math.min(budget, 0.05 * Math.min(1.5, op.k)) : Math.min(budget, 0.08 * op.k);
    // The new colour's field is keyed on the design and the colour, not on the wording, so
    // "add brown" and "I want more brown and bigger blobs" put the brown in the same places.
    const e = addColour(r, op.colour.lab, share, editRandom(recipe, `add ${labKey(op.colour.lab)}`));
    done.push(`added ${e.name} ${e.hex} (${op.colour.name}, ${Math.round(share * 100)}%)`);
  }
}
