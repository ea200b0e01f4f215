/**
 * Applying a parsed request (./parse.ts) to a recipe: each operation made on the recipe's own
 * layers (./recipe-ops.ts), so the layout is kept; what it did and what it could not do, in words.
 * The colour edits are in ./colour-edit.ts and the snow in ./snow-edit.ts; here the request's
 * order, the stretches, the tones, the colour count, the shapes, toggles and style.
 */
import { DESIGN_SIZE } from '../design.js';
import { analysisFromRecipe, buildRecipe, recipeId } from '../recipe/build.js';
import { normaliseShares, weightedMeanL } from '../recipe/palette.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { applyColour, byRank, SAME_COLOUR } from './colour-edit.js';
import { closestPair, mergeColours, splitLargest } from './colour-ops.js';
import { FEATURES, type EditOp } from './parse.js';
import {
  areaColours,
  copyRecipe,
  editRandom,
  fieldKey,
  nearestColour,
  pinThresholds,
  recolour,
  relabel,
} from './recipe-ops.js';
import {
  dropDetailFinerThanCells,
  fitPeriods,
  scaleDetail,
  setToggle,
  switchStyle,
  tiltOctaves,
} from './shape-ops.js';
import { applySnow } from './snow-edit.js';
import type { EditSuggestion } from './suggestion-words.js';
import { suggestionCodesOf } from './suggestions.js';

/** The smallest busier or calmer step an edit makes (1 is a plain "busier"). */
const DENSITY_FLOOR = 0.8;

/** Operations that rescale or reweight the fields (applied before a colour change in the same request). */
function isShapeOp(op: EditOp): boolean {
  return op.kind === 'scale' || op.kind === 'density' || (op.kind === 'toggle' && op.name === 'blobs');
}

/** The most of the tile a colour edit moves from one colour to others (item 1: 90 % of the pixels keep their colour). */
const MAX_MOVE = 0.08;

/**
 * How much a "bigger" / "smaller" factor reweights the octaves and scales the fine detail. "bigger"
 * tilts gently (0.5, was 0.7): the tilt adds little to its patch sizes (the corpus's forest A: median
 * patch 70791 px at 0.7, 70430 at 0.5) and on rough fields it moved the largest shapes (storm B's
 * graphite, persistence 0.92, kept 0.48 of its largest patch at 0.7, 0.53 at 0.5); at 0.5 "bigger
 * shapes" grows the median patch 1.25-5.4 times on 15 of 16 fixtures' designs per style
 * (scripts/edit-shape-report.ts). "smaller" needs the fine octaves' weight to break the patches up
 * (forest A: 0.906 of the median patch at 0.5, where the corpus asks 0.87), so it keeps 0.7.
 */
const SCALE_TILT_BIGGER = 0.5;
const SCALE_TILT_SMALLER = 0.7;
const SCALE_DETAIL = 1.2;
/** How much a plain "busier" reweights the octaves towards the fine ones and adds fine detail. */
const DENSITY_TILT = 1.25;
const DENSITY_DETAIL = 2;

/** Whether a busier (> 0) or calmer (< 0) step of `amount` takes a digital design from 4- to 8-pixel cells. */
export function stepsToLargerCells(r: Recipe, amount: number): boolean {
  return amount < 0 && r.style === 'digital' && r.cells > 128;
}

export interface AppliedEdit {
  /** The edited recipe: shares normalised, the request added to its edits, a new id. */
  recipe: Recipe;
  /** The layers' fields as pinned, when the edit left every field as it was: the render reuses them. */
  grids?: Float32Array[];
  /** What was changed, in words; empty when the request would change nothing. */
  done: string[];
  /** What was asked and not done, and why, in words. */
  notDone: string[];
  /** The suggestion codes of what was asked and would change nothing (not suggested back). */
  noopCodes: Set<EditSuggestion>;
}

/**
 * Makes the operations of a request on a copy of the recipe. The layout is kept: the edit works
 * on the recipe's own layers (the same fields, seeds and cut; ./recipe-ops.ts), changing only
 * what the request names. Only brush strokes and stripes redraw the fields.
 */
export function applyEdit(
  recipe: Recipe,
  text: string,
  ops: readonly EditOp[],
  /**
   * How much of a bigger, smaller, busier or calmer change to make (1, the default: all of it):
   * the octave reweighting and the detail scaling are made with this share of their exponent. When
   * a calmer request takes a digital design from 4- to 8-pixel cells, the larger cells come
   * whatever the strength, and only the reweighting is scaled. edit() asks for less when all of it
   * moved a colour's largest patch (./edit.ts).
   */
  strength = 1,
): AppliedEdit {
  let r = copyRecipe(recipe);
  const rand = editRandom(recipe, text);
  const done: string[] = [];
  const noop: string[] = [];
  const noopCodes = new Set<EditSuggestion>();

  // Brush strokes and stripes change the fields' periods: a new drawing, over the same palette.
  const stretches = ops.filter((op) => op.kind === 'stretch');
  if (stretches.length) {
    const shape = { ...r.shape };
    for (const op of stretches) {
      // From level (not from the photo's own lean the other way), then stretched.
      shape.stretch =
        op.dir === 'horizontal'
          ? Math.max(0.4, Math.min(1, shape.stretch) / (1 + 0.6 * op.k))
          : Math.min(2.5, Math.max(1, shape.stretch) * (1 + 0.5 * op.k));
      // Asked for: the organic style may stretch further than photo cues take it (G7 may rise).
      shape.strokes = true;
      done.push(op.label);
    }
    const built = buildRecipe({
      analysis: analysisFromRecipe(recipe),
      style: r.style,
      toggles: r.toggles,
      seed: r.seed,
      shape,
      palette: r.palette.filter((p) => p.share > 0 || p.role === 'shadow'),
      edits: r.edits,
      cells: r.cells,
      ...(r.grain ? { grain: r.grain.share } : {}),
    });
    // The same candidate's seed redraws the fields; the record of how it was chosen stays with it.
    r = { ...built, origin: { ...recipe.origin }, ...(recipe.choice ? { choice: recipe.choice } : {}) };
  }

  // The area one request's colour changes may move, shared among them (growing a colour that is
  // there costs twice: it grows over some colours while others shrink to make room).
  const areaOps = ops.filter(
    (o) =>
      (o.kind === 'colour' || o.kind === 'rank') && o.mode !== 'remove' && !(o.mode === 'less' && o.k >= 2),
  );
  const budget = MAX_MOVE / Math.max(1, areaOps.length);
  // A combined request ("more brown and bigger blobs") rescales the same fields first and then
  // makes its colour change on the rescaled fields, so the colour change lands where the shapes
  // now are and nothing is drawn twice. Then every layer's threshold is fixed where it is: a
  // colour edit moves only the layers it names, and the render reuses the fields.
  // Snow comes last: it lies on the shapes and colours as the rest of the request leaves them.
  const ordered = [
    ...ops.filter(isShapeOp),
    ...ops.filter((o) => !isShapeOp(o) && o.kind !== 'snow'),
    ...ops.filter((o) => o.kind === 'snow'),
  ];
  let grids = stretches.length ? undefined : pinThresholds(r, DESIGN_SIZE);
  let fieldsOf = r.layers.map(fieldKey);
  let frameOf = `${r.style}:${r.cells}:${r.shardSites}`;
  let repinned = !ops.some(isShapeOp) || !ops.some((o) => !isShapeOp(o));

  for (const asked of ordered) {
    const op = asked.kind === 'rank' ? byRank(r, asked) : asked;
    if (!repinned && !isShapeOp(op)) {
      repinned = true;
      if (!stretches.length) grids = pinThresholds(r, DESIGN_SIZE);
      fieldsOf = r.layers.map(fieldKey);
      frameOf = `${r.style}:${r.cells}:${r.shardSites}`;
    }
    const noopsBefore = noop.length;
    switch (op.kind) {
      case 'stretch':
        break;
      case 'lightness':
        recolour(r, (lab) => ({ ...lab, L: lab.L + op.amount }));
        done.push(op.amount < 0 ? 'darker' : 'lighter');
        break;
      case 'night': {
        // For night or low light: every colour darker, the light ones most (their distance from
        // the darkest shrinks), so the L* spread drops too; colours a little duller.
        const dark = Math.min(...r.palette.map((p) => p.lab.L));
        const keep = Math.max(0.4, 1 - 0.3 * op.k);
        recolour(r, (lab) => ({
          L: dark + (lab.L - dark) * keep - 4 * op.k,
          a: lab.a * 0.85,
          b: lab.b * 0.85,
        }));
        done.push('darker for night (light colours most)');
        break;
      }
      case 'warmth':
        recolour(r, (lab) => ({ L: lab.L, a: lab.a + op.amount / 3, b: lab.b + op.amount }));
        done.push(op.amount > 0 ? 'warmer' : 'cooler');
        break;
      case 'contrast': {
        const m = weightedMeanL(r.palette);
        recolour(r, (lab) => ({ ...lab, L: m + (lab.L - m) * op.factor }));
        done.push(op.factor > 1 ? 'more contrast' : 'less contrast');
        break;
      }
      case 'chroma':
        recolour(r, (lab) => ({ L: lab.L, a: lab.a * op.factor, b: lab.b * op.factor }));
        done.push(op.factor > 1 ? 'richer colours' : 'more muted colours');
        break;
      case 'colour':
        applyColour(r, op, recipe, budget, done, noop);
        break;
      case 'snow':
        applySnow(r, op, grids, fieldsOf, rand, done, noop);
        break;
      case 'replace': {
        const { i, d } = nearestColour(r, op.from.lab);
        const hit = r.palette[i];
        if (!hit || d >= SAME_COLOUR) {
          noop.push(`there is no ${op.from.name} in this palette`);
          break;
        }
        r.palette[i] = relabel(hit, op.to.lab);
        done.push(`${hit.name} replaced by ${r.palette[i]?.name ?? op.to.name} (${op.to.name})`);
        break;
      }
      case 'colours': {
        const n = areaColours(r).length;
        const want = Math.max(3, Math.min(7, op.count ?? n + (op.delta ?? 0)));
        if (want === n) {
          noop.push(`the design already has ${n} colours`);
          break;
        }
        for (let c = n; c > want; c--) {
          const pair = closestPair(r);
          if (pair) mergeColours(r, pair[0], pair[1]);
        }
        for (let c = n; c < want; c++) splitLargest(r, rand);
        done.push(want < n ? `${want} colours` : `${want} colours (the largest colour split into two tones)`);
        break;
      }
      case 'scale': {
        const f = Math.pow(op.factor, strength);
        tiltOctaves(r, Math.pow(f, -(op.factor > 1 ? SCALE_TILT_BIGGER : SCALE_TILT_SMALLER)));
        scaleDetail(r, Math.pow(f, -SCALE_DETAIL));
        r.shape.scale *= f;
        done.push(op.factor > 1 ? 'bigger shapes' : 'smaller shapes');
        break;
      }
      case 'density': {
        // "A bit busier" must still read as busier: below this, the patch sizes move by less
        // than the shapes' own scatter, either way.
        const amount = Math.sign(op.amount) * Math.max(DENSITY_FLOOR, Math.abs(op.amount));
        const cellStep = stepsToLargerCells(r, amount);
        tiltOctaves(r, Math.pow(DENSITY_TILT, amount * strength));
        scaleDetail(r, Math.pow(DENSITY_DETAIL, amount * (cellStep ? 1 : strength)));
        r.shape.hurst = Math.max(0.05, Math.min(1, r.shape.hurst - 0.15 * amount));
        if (amount < 0) {
          if (r.toggles.speckledDots) setToggle(r, 'speckledDots', false, rand);
          // The digital style: fewer, larger cells, and less of the sub-cell grain. Its blocks are
          // 2x2 cells, so at 8-pixel cells they would break the boundaries up at twice the scale
          // (marsh B: a colour's largest patch moved, 0.42): going from 4- to 8-pixel cells, the
          // grain goes; at 8-pixel cells already, it halves.
          if (r.style === 'digital') {
            if (r.cells > 128) {
              r.cells = 128;
              delete r.grain;
            } else if (r.grain) r.grain.share *= 0.5;
            dropDetailFinerThanCells(r);
            fitPeriods(r);
          }
        } else if (r.style === 'digital' && r.cells < 256 && amount >= 1) r.cells = 256;
        done.push(op.amount > 0 ? 'busier' : 'calmer');
        break;
      }
      case 'toggle': {
        const label = FEATURES.find((f) => f.name === op.name)?.label ?? op.name;
        if (r.toggles[op.name] === op.on)
          noop.push(`${label} ${op.on ? 'are already there' : 'are not there to remove'}`);
        else {
          setToggle(r, op.name, op.on, rand);
          done.push(`${op.on ? 'added' : 'removed'} ${label}`);
        }
        break;
      }
      case 'style':
        if (r.style === op.style) noop.push(`the design is already ${op.style}`);
        else {
          switchStyle(r, op.style);
          done.push(`switched to ${op.style === 'digital' ? 'a digital (pixel)' : 'an organic'} style`);
        }
        break;
    }
    if (noop.length > noopsBefore) for (const code of suggestionCodesOf(op)) noopCodes.add(code);
  }
  const area = r.palette.filter((p) => p.share > 0);
  normaliseShares(area);
  r.edits = [...recipe.edits, text];
  r.id = recipeId(r);
  // The fields are unchanged if no layer's field spec, the style, cells or shard sites changed;
  // then the grids computed for the pins are the render's (a new layer's is computed).
  const same =
    grids !== undefined &&
    `${r.style}:${r.cells}:${r.shardSites}` === frameOf &&
    fieldsOf.every((f, k) => {
      const l = r.layers[k];
      return l !== undefined && fieldKey(l) === f;
    });
  const given = same ? r.layers.map((_, k) => grids?.[k] ?? new Float32Array(0)) : undefined;
  return { recipe: r, ...(given ? { grids: given } : {}), done, notDone: noop, noopCodes };
}
