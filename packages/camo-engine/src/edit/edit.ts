import { colourWordLab, COLOUR_WORDS } from '../color/names.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { analysisFromRecipe, buildRecipe, entry, normaliseShares, weightedMeanL } from '../recipe/build.js';
import type { PaletteEntry, Recipe } from '../recipe/recipe-types.js';
import { render, withTypicalCut } from '../generate.js';
import { encodeIndexedPng } from '../render/png.js';
import type { ToggleName } from '../types.js';

/** What edit() understands; quoted in its error message. */
export const EDIT_VOCABULARY =
  'darker / lighter; warmer / cooler; more or less <colour> (green, olive, brown, tan, khaki, sand, black, grey, white, ' +
  'blue, red, orange, yellow, rust, ...); bigger / smaller shapes; denser / sparser (busier / calmer); more / less contrast; ' +
  'add or remove dots, contour lines, outlines, leaves or branches, geometric shapes, blobs; ' +
  'switch to a digital (pixel) or organic style. "much" or "slightly" scale a change.';

export class EditNotUnderstoodError extends Error {
  constructor(detail: string) {
    super(`${detail} I understand: ${EDIT_VOCABULARY}`);
    this.name = 'EditNotUnderstoodError';
  }
}

export interface EditResult {
  recipe: Recipe;
  /** 1024 x 1024 indexed PNG of the edited design. */
  png: Uint8Array;
  /** What was changed, in words. */
  summary: string;
}

type Op =
  | { kind: 'lightness'; amount: number }
  | { kind: 'warmth'; amount: number }
  | { kind: 'contrast'; factor: number }
  | { kind: 'colour'; word: string; factor: number }
  | { kind: 'scale'; factor: number }
  | { kind: 'density'; amount: number }
  | { kind: 'toggle'; name: ToggleName; on: boolean }
  | { kind: 'style'; style: 'organic' | 'digital' };

const FEATURES: { name: ToggleName; words: RegExp; label: string }[] = [
  { name: 'speckledDots', words: /\b(dots?|speckles?|speckled|spots?|specks?)\b/, label: 'dots' },
  {
    name: 'contourLines',
    words: /\b(contour|contours|topo|topographic|contour lines?)\b/,
    label: 'contour lines',
  },
  {
    name: 'outlineStrokes',
    words: /\b(outlines?|outline strokes?|strokes?|edges? lines?)\b/,
    label: 'outlines',
  },
  {
    name: 'organicObjects',
    words: /\b(leaf|leaves|branch|branches|twigs?|foliage)\b/,
    label: 'leaves and branches',
  },
  {
    name: 'geometricShapes',
    words: /\b(geometric|geometry|shards?|angular|polygons?|triangles?)\b/,
    label: 'geometric shapes',
  },
  { name: 'blobs', words: /\b(blobs?|rounded)\b/, label: 'blobs' },
];

const ADD = /\b(add|adds|adding|with|include|including|put|more|give|want|need|show)\b/;
const REMOVE = /\b(remove|removing|no|without|drop|delete|less|fewer|take out|get rid of|lose|hide)\b/;

function intensity(text: string): number {
  if (/\b(much|a lot|way|very|far|significantly|lots)\b/.test(text)) return 2;
  if (/\b(slightly|a bit|a little|bit|little|touch|somewhat)\b/.test(text)) return 0.5;
  return 1;
}

/** Splits a request into clauses and maps each to operations. */
export function parseEdit(text: string): Op[] {
  const ops: Op[] = [];
  const clauses = text
    .toLowerCase()
    .replace(/colour/g, 'color')
    .split(/[,.;!?]|\band\b|\bbut\b|\bthen\b/)
    .map((c) => c.trim())
    .filter(Boolean);
  for (const c of clauses) {
    const k = intensity(c);
    const before = ops.length;
    if (/\b(digital|pixel|pixels|pixelated|pixelated|marpat)\b/.test(c) && !REMOVE.test(c))
      ops.push({ kind: 'style', style: 'digital' });
    else if (/\b(organic|natural|woodland style|non-pixel|smooth style)\b/.test(c))
      ops.push({ kind: 'style', style: 'organic' });

    const feature = FEATURES.find((f) => f.words.test(c));
    const isContrast = /\bcontrast\b/.test(c);
    if (feature && !isContrast) {
      if (REMOVE.test(c)) ops.push({ kind: 'toggle', name: feature.name, on: false });
      else if (ADD.test(c) || /\b(dots|lines|outlines|leaves|branches|shapes)\b/.test(c))
        ops.push({ kind: 'toggle', name: feature.name, on: true });
    }
    if (isContrast) {
      if (/\b(more|higher|increase|stronger|boost|bolder|punchier|high)\b/.test(c))
        ops.push({ kind: 'contrast', factor: 1 + 0.3 * k });
      else if (/\b(less|lower|reduce|softer|weaker|low)\b/.test(c))
        ops.push({ kind: 'contrast', factor: 1 / (1 + 0.3 * k) });
    }
    if (/\b(darker|darken|deeper|dimmer)\b/.test(c)) ops.push({ kind: 'lightness', amount: -7 * k });
    else if (/\b(lighter|lighten|brighter|brighten|paler)\b/.test(c))
      ops.push({ kind: 'lightness', amount: 7 * k });
    if (/\b(warmer|warm up|warm)\b/.test(c)) ops.push({ kind: 'warmth', amount: 6 * k });
    else if (/\b(cooler|colder|cool down|cool)\b/.test(c)) ops.push({ kind: 'warmth', amount: -6 * k });
    if (/\b(bigger|larger|big|large|enlarge)\b/.test(c) && !feature)
      ops.push({ kind: 'scale', factor: 1 + 0.4 * k });
    else if (/\b(smaller|tinier|small|shrink|finer)\b/.test(c) && !feature)
      ops.push({ kind: 'scale', factor: 1 / (1 + 0.4 * k) });
    if (/\b(denser|dense|busier|busy|more detail|more detailed|more shapes|tighter)\b/.test(c))
      ops.push({ kind: 'density', amount: k });
    else if (/\b(sparser|sparse|calmer|simpler|less busy|fewer shapes|less detail|cleaner)\b/.test(c))
      ops.push({ kind: 'density', amount: -k });
    if (!feature && !isContrast) {
      const more = /\b(more|add|extra|increase|bigger share of)\b/.test(c);
      const less = /\b(less|fewer|reduce|remove|no|without)\b/.test(c);
      for (const word of Object.keys(COLOUR_WORDS)) {
        if (new RegExp(`\\b${word}s?\\b`).test(c) && (more || less)) {
          ops.push({ kind: 'colour', word, factor: more ? 1 + 0.6 * k : 1 / (1 + 0.6 * k) });
        }
      }
    }
    void before;
  }
  return ops;
}

function relabel(p: PaletteEntry, lab: PaletteEntry['lab']): PaletteEntry {
  const e = entry({ L: Math.max(2, Math.min(98, lab.L)), a: lab.a, b: lab.b }, p.share, p.role);
  return e;
}

/**
 * Applies a plain-language edit to a recipe and re-renders it. Everything not asked for (layout,
 * seed, other colours, other toggles) is kept. Throws EditNotUnderstoodError when the request
 * maps to no change.
 */
export function edit(recipe: Recipe, text: string): EditResult {
  const ops = parseEdit(text);
  if (ops.length === 0) throw new EditNotUnderstoodError(`Could not find a change I can make in "${text}".`);
  let palette = recipe.palette.map((p) => ({ ...p, lab: { ...p.lab } }));
  const shape = { ...recipe.shape };
  const toggles = { ...recipe.toggles };
  let style = recipe.style;
  const done: string[] = [];
  const noop: string[] = [];
  for (const op of ops) {
    switch (op.kind) {
      case 'lightness':
        palette = palette.map((p) => relabel(p, { ...p.lab, L: p.lab.L + op.amount }));
        done.push(op.amount < 0 ? 'darker' : 'lighter');
        break;
      case 'warmth':
        palette = palette.map((p) =>
          relabel(p, { L: p.lab.L, a: p.lab.a + op.amount / 3, b: p.lab.b + op.amount }),
        );
        done.push(op.amount > 0 ? 'warmer' : 'cooler');
        break;
      case 'contrast': {
        const m = weightedMeanL(palette);
        palette = palette.map((p) => relabel(p, { ...p.lab, L: m + (p.lab.L - m) * op.factor }));
        done.push(op.factor > 1 ? 'more contrast' : 'less contrast');
        break;
      }
      case 'colour': {
        const target = colourWordLab(op.word);
        if (!target) break;
        let best = -1;
        let bestD = 30;
        palette.forEach((p, i) => {
          const d = ciede2000(p.lab, target);
          if (p.share > 0 && d < bestD) {
            bestD = d;
            best = i;
          }
        });
        const hit = palette[best];
        if (!hit) {
          noop.push(`there is no ${op.word} in this palette (${palette.map((p) => p.name).join(', ')})`);
          break;
        }
        hit.share = Math.max(0.02, Math.min(0.7, hit.share * op.factor));
        normaliseShares(palette);
        done.push(`${op.factor > 1 ? 'more' : 'less'} ${hit.name} (${op.word})`);
        break;
      }
      case 'scale':
        shape.scale *= op.factor;
        done.push(op.factor > 1 ? 'bigger shapes' : 'smaller shapes');
        break;
      case 'density':
        shape.scale *= op.amount > 0 ? 0.8 : 1.25;
        shape.hurst = Math.max(0.05, Math.min(1, shape.hurst - 0.15 * op.amount));
        done.push(op.amount > 0 ? 'denser' : 'sparser');
        break;
      case 'toggle': {
        const label = FEATURES.find((f) => f.name === op.name)?.label ?? op.name;
        if (toggles[op.name] === op.on)
          noop.push(`${label} ${op.on ? 'are already there' : 'are not there to remove'}`);
        else {
          toggles[op.name] = op.on;
          done.push(`${op.on ? 'added' : 'removed'} ${label}`);
        }
        break;
      }
      case 'style':
        if (style === op.style) noop.push(`the design is already ${op.style}`);
        else {
          style = op.style;
          done.push(`switched to ${op.style === 'digital' ? 'a digital (pixel)' : 'an organic'} style`);
        }
        break;
    }
  }
  if (done.length === 0)
    throw new EditNotUnderstoodError(`"${text}" would change nothing: ${noop.join('; ')}.`);
  const built = buildRecipe({
    analysis: analysisFromRecipe(recipe),
    style,
    toggles,
    seed: recipe.seed,
    shape,
    palette: palette.filter((p) => p.share > 0 || p.role === 'shadow'),
    edits: [...recipe.edits, text],
  });
  const { recipe: out, tile } = withTypicalCut(built);
  void render;
  return {
    recipe: out,
    png: encodeIndexedPng(tile),
    summary: done.join('; ') + (noop.length ? ` (not done: ${noop.join('; ')})` : ''),
  };
}
