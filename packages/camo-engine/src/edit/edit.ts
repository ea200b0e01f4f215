import { DESIGN_SIZE } from '../generate.js';
import {
  analysisFromRecipe,
  buildRecipe,
  normaliseShares,
  recipeId,
  weightedMeanL,
} from '../recipe/build.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { encodeIndexedPng } from '../render/png.js';
import { renderIndices } from '../render/render.js';
import type { ToggleName } from '../types.js';
import { colourNames, findColours, labOfHex, type NamedColour } from './colours.js';
import {
  addColour,
  areaColours,
  closestPair,
  copyRecipe,
  editRandom,
  fitPeriods,
  mergeColours,
  nearestColour,
  pinThresholds,
  recolour,
  relabel,
  removeColour,
  scaleDetail,
  setShare,
  setToggle,
  splitLargest,
  switchStyle,
  tiltOctaves,
} from './recipe-ops.js';
import { EditNotUnderstoodError, suggestEdits, type EditSuggestion } from './suggestions.js';

/** What edit() understands, in words (not part of a refusal, which carries codes: ./suggestions.ts). */
export const EDIT_VOCABULARY =
  'darker / lighter; warmer / cooler; more, less, no or add <colour> (any CSS colour name, camo names such as ' +
  'coyote brown or olive drab, blaze orange accents); bigger / smaller shapes; busier / calmer (denser / sparser, cleaner); ' +
  'more / less contrast (pop, punchier, bolder / subtler, softer, muted, blend in); fewer or more colours; ' +
  'add or remove dots, contour lines, outlines, leaves or branches, geometric shapes, blobs; brush strokes or stripes; ' +
  'seasons and settings (winter, snow, fall, spring green, summer, desert, swamp, late season); ' +
  'switch to a digital (pixel) or organic style. "much", "a bit", "not so" and "too" scale or turn a change.';

export interface EditResult {
  recipe: Recipe;
  /** 1024 x 1024 indexed PNG of the edited design. */
  png: Uint8Array;
  /** What was changed, in words. */
  summary: string;
}

type Op =
  | { kind: 'lightness'; amount: number }
  | { kind: 'night'; k: number }
  | { kind: 'warmth'; amount: number }
  | { kind: 'contrast'; factor: number }
  | { kind: 'chroma'; factor: number }
  | { kind: 'colour'; colour: NamedColour; mode: 'more' | 'less' | 'remove' | 'accent'; k: number }
  | { kind: 'replace'; from: NamedColour; to: NamedColour }
  /** The lightest or darkest colour of the design, whatever it is ("get rid of the lightest colour"). */
  | { kind: 'rank'; which: 'lightest' | 'darkest'; mode: 'more' | 'less' | 'remove'; k: number }
  | { kind: 'scale'; factor: number }
  | { kind: 'density'; amount: number }
  | { kind: 'stretch'; dir: 'horizontal' | 'vertical'; k: number; label: string }
  | { kind: 'colours'; delta?: number; count?: number }
  | { kind: 'toggle'; name: ToggleName; on: boolean }
  | { kind: 'style'; style: 'organic' | 'digital' };

const FEATURES: { name: ToggleName; words: RegExp; label: string }[] = [
  {
    name: 'speckledDots',
    words: /\b(dots?|dotted|speckles?|speckled|speckling|spots?|spotted|specks?|flecks?|freckles?)\b/,
    label: 'dots',
  },
  {
    name: 'contourLines',
    words: /\b(contours?|contour lines?|topo|topographic|topo lines?|isolines?)\b/,
    label: 'contour lines',
  },
  {
    name: 'outlineStrokes',
    words: /\b(outlines?|outlined|outline strokes?|edge lines?|borders?)\b/,
    label: 'outlines',
  },
  {
    name: 'organicObjects',
    words: /\b(leaf|leaves|leafy|branch|branches|twigs?|foliage|sticks|limbs?|vines?|ferns?)\b/,
    label: 'leaves and branches',
  },
  {
    name: 'geometricShapes',
    words:
      /\b(geometric|geometry|shards?|angular|polygons?|polygonal|triangles?|triangular|straight edges?|jagged)\b/,
    label: 'geometric shapes',
  },
  { name: 'blobs', words: /\b(blobs?|blobby|blotch(es|y)?|splotch(es|y)?|rounded)\b/, label: 'blobs' },
];

const REMOVE =
  /\b(remove|removing|no|without|drop|delete|take out|take away|get rid of|lose|ditch|hide|strip|kill|skip)\b/;
const LESS =
  /\b(less|fewer|reduce|reduced|lower|decrease|cut down|cut back|tone down|tone it down|dial back|dial down|too much|too many|not so much|minus)\b/;
const MORE =
  /\b(more|add|adding|extra|increase|boost|include|put|give|want|need|plus|some|bit of|touch of|hint of|splash of|dash of|lots of|with|throw in|bring in|use)\b/;
const ACCENT =
  /\b(accents?|accented|touch of|hint of|splash of|dash of|flecks? of|bits? of|highlights?|pops? of)\b/;

function intensity(text: string): number {
  if (
    /\b(much|a lot|lots|way|very|far|significantly|really|heaps|tons|drastically|massively|extremely|super)\b/.test(
      text,
    )
  )
    return 2;
  if (/\b(slightly|a bit|a little|little|touch|somewhat|tad|hair|bit|smidge|marginally|just a)\b/.test(text))
    return 0.5;
  return 1;
}

/**
 * Whether a clause turns its change around: "too dark" asks for lighter, "not so busy" for
 * calmer. "not X enough" and "not enough X" ask for more of X, so they do not turn it.
 */
function turned(text: string): boolean {
  if (/\bnot \w+ enough\b|\bnot enough\b|\bisn'?t \w+ enough\b/.test(text)) return false;
  if (/\btoo\b(?! much| many)/.test(text)) return true;
  return /\b(not so|not as|not that|not too|less|don'?t want it|doesn'?t need to be)\b/.test(text);
}

/** The smallest busier or calmer step an edit makes (1 is a plain "busier"). */
const DENSITY_FLOOR = 0.8;

const WORDS_NUM: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** Seasons and settings, as what a designer would do to the palette and shapes. */
const SETTINGS: { re: RegExp; ops: (k: number) => Op[]; label: string }[] = [
  {
    re: /\b(winter|wintry|wintery|wintrier|snow|snowy|snowier|snowfield|frost|frosty|icy|icier|arctic|alpine winter)\b/,
    label: 'winter',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'snow white', lab: labOfHex('#eef0f0') }, mode: 'more', k: 1.5 * k },
      { kind: 'warmth', amount: -3 * k },
    ],
  },
  {
    re: /\b(fall|fallish|autumn|autumnal|autumny|october|turning leaves|hardwoods in fall)\b/,
    label: 'fall',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'burnt orange', lab: labOfHex('#b5652b') }, mode: 'more', k },
      { kind: 'warmth', amount: 4 * k },
    ],
  },
  {
    re: /\b(late season|late-season|dormant|dead grass|november|december|brown season|after the frost)\b/,
    label: 'late season',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'dead grass', lab: labOfHex('#a8915f') }, mode: 'more', k },
      { kind: 'chroma', factor: 1 / (1 + 0.35 * k) },
    ],
  },
  {
    re: /\b(spring|springtime|early season|summer|summertime|lush|new growth|green up)\b/,
    label: 'spring green',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'spring green', lab: labOfHex('#7a9a45') }, mode: 'more', k },
    ],
  },
  {
    re: /\b(desert|deserty|arid|drier|dunes?|badlands|sagebrush|mojave|sahara)\b/,
    label: 'desert',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'sand', lab: labOfHex('#c2b280') }, mode: 'more', k: 1.3 * k },
      { kind: 'density', amount: -0.6 * k },
      { kind: 'scale', factor: 1 + 0.5 * k },
    ],
  },
  {
    re: /\b(swamp|swampy|swampier|marsh|marshy|marshier|bayou|bog|wetlands?|bottomland|cattails?|reeds?|flooded timber)\b/,
    label: 'swamp',
    ops: (k) => [
      { kind: 'colour', colour: { name: 'mud', lab: labOfHex('#4f4a32') }, mode: 'more', k },
      { kind: 'lightness', amount: -3 * k },
      { kind: 'stretch', dir: 'vertical', k: 0.8 * k, label: 'taller, reed-like shapes' },
    ],
  },
  {
    re: /\b(night|nights|nighttime|night-time|dusk|low light|low-light|after dark|moonlight|moonlit)\b/,
    label: 'night',
    ops: (k) => [{ kind: 'night', k }],
  },
  {
    re: /\b(shadows?|shady|dark timber|deep woods)\b/,
    label: 'shade',
    ops: (k) => [{ kind: 'lightness', amount: -5 * k }],
  },
];

/** "its to busy", "way to dark": the common slip of "to" for "too" before a word the parser reads. */
const TO_FOR_TOO =
  /\b(its|it's|it is|is|are|way|bit|little|lot|kinda|kind of|much|just) to (busy|dark|light|bright|big|small|warm|cold|cool|much|many|plain|loud|pale|green|brown|grey|gray|black|orange|contrasty|noisy|blocky|pixelated)\b/g;

/** "brownish", "greenish", "reddish", "whitish": the colour. */
function colourOfIsh(text: string): string {
  const names = new Set(colourNames());
  return text.replace(/\b([a-z]+?)-?ish\b/g, (w, stemmed: string) => {
    for (const c of [stemmed, stemmed + 'e', stemmed.replace(/([a-z])\1$/, '$1')]) if (names.has(c)) return c;
    return w;
  });
}

/** Splits a request into clauses. */
function clauses(text: string): string[] {
  return (
    colourOfIsh(text.toLowerCase())
      .replace(TO_FOR_TOO, '$1 too $2')
      .replace(/colou?rs?/g, (m) => (m.endsWith('s') ? 'colors' : 'color'))
      .replace(/[’`]/g, "'")
      // A glow-in-the-dark finish is a material, not a colour: its "dark" does not ask for darker.
      .replace(/\b(glows?|glowing) in the dark\b/g, 'glow')
      .split(/[,.;!?]|\band also\b|\band\b|\bbut\b|\bthen\b|\bplus\b|\balso\b|&|\+|\//)
      .map((c) => c.trim())
      .filter(Boolean)
  );
}

/** Maps a request to operations, clause by clause. */
export function parseEdit(text: string): Op[] {
  const ops: Op[] = [];
  for (const raw of clauses(text)) {
    const k = intensity(raw);
    const flip = turned(raw);
    const sign = flip ? -1 : 1;
    const before = ops.length;
    // Replacing one colour with another.
    const rep = /\b(?:replace|swap|switch|change|turn)\b(.+?)\b(?:with|for|to|into)\b(.+)/.exec(raw);
    const inst = /\b(.+?)\binstead of\b(.+)/.exec(raw);
    if (rep || inst) {
      const a = findColours(rep ? (rep[1] ?? '') : (inst?.[2] ?? '')).colours[0];
      const b = findColours(rep ? (rep[2] ?? '') : (inst?.[1] ?? '')).colours[0];
      if (a && b) {
        ops.push({ kind: 'replace', from: a, to: b });
        continue;
      }
    }
    const { colours, rest } = findColours(raw);
    const c = rest;

    // Style ("organic blobs instead of pixels": what comes after "instead of" is what goes).
    const digitalWords = /\b(digital|pixels?|pixelated|pixelly|pixel art|marpat|8-bit|blocky|squares)\b/;
    const organicWords =
      /\b(organic|natural looking|woodland style|non-pixel|smooth style|hand drawn|painted)\b/;
    const wanted = inst ? (inst[1] ?? '') : c;
    const unwanted = inst ? (inst[2] ?? '') : '';
    if (inst && organicWords.test(wanted)) ops.push({ kind: 'style', style: 'organic' });
    else if (inst && digitalWords.test(wanted)) ops.push({ kind: 'style', style: 'digital' });
    else if (inst && digitalWords.test(unwanted)) ops.push({ kind: 'style', style: 'organic' });
    else if (inst && organicWords.test(unwanted)) ops.push({ kind: 'style', style: 'digital' });
    else if (digitalWords.test(c)) {
      ops.push({ kind: 'style', style: REMOVE.test(c) || flip ? 'organic' : 'digital' });
    } else if (organicWords.test(c)) ops.push({ kind: 'style', style: 'organic' });

    // Colour count.
    const count = /\b(\d|two|three|four|five|six|seven)(?: \w+)? colors?\b/.exec(c);
    const byCount = /\b(\d|one|two|three|four)(?: \w+)? (fewer|less|more|extra|additional) colors?\b/.exec(c);
    if (byCount) {
      const n = Number(byCount[1]) || WORDS_NUM[byCount[1] ?? ''] || 1;
      ops.push({ kind: 'colours', delta: /fewer|less/.test(byCount[2] ?? '') ? -n : n });
    } else if (count) {
      const n = Number(count[1]) || WORDS_NUM[count[1] ?? ''] || 0;
      if (n >= 3 && n <= 7) ops.push({ kind: 'colours', count: n });
    } else if (/\bcolors\b/.test(c) && /\b(fewer|less|reduce|simpler|limit|limited|cut|too many)\b/.test(c))
      ops.push({ kind: 'colours', delta: -(k >= 2 ? 2 : 1) });
    else if (/\b(more|extra|another|additional) colors?\b|\bmore varied\b|\bmore variety\b/.test(c))
      ops.push({ kind: 'colours', delta: 1 });
    else if (/\bsimpler palette\b|\blimited palette\b/.test(c)) ops.push({ kind: 'colours', delta: -1 });

    // Brush strokes, stripes: elongated shapes.
    if (
      /\b(brush ?strokes?|brushed|streaks?|streaky|stripes?|striped|tiger ?stripes?|elongated|stretch|stretched|stretchy|horizontal|horizontally)\b/.test(
        c,
      )
    )
      ops.push({ kind: 'stretch', dir: 'horizontal', k, label: 'long, horizontal brush-stroke shapes' });
    else if (/\b(vertical|vertically|upright|tall|taller|grass blades?|reedy)\b/.test(c))
      ops.push({ kind: 'stretch', dir: 'vertical', k, label: 'taller, vertical shapes' });

    // Features (toggles).
    const feature = FEATURES.find((f) => f.words.test(c));
    const sizeWord =
      /\b(bigger|larger|big|large|huge|enlarge|chunkier|smaller|tinier|small|tiny|finer|shrink)\b/.test(c);
    if (feature && !(feature.name === 'blobs' && sizeWord)) {
      if (REMOVE.test(c) || LESS.test(c) || flip) ops.push({ kind: 'toggle', name: feature.name, on: false });
      else ops.push({ kind: 'toggle', name: feature.name, on: true });
    }

    // Contrast and colourfulness.
    const popUp =
      /\b(pop|pops|punchier|punchy|punch|bolder|bold|stand out|vivid|striking|crisper|crisp|sharper|dramatic|contrasty)\b/;
    const popDown =
      /\b(subtler|subtle|softer|soft|muted|mute|gentler|gentle|low-key|understated|toned down|tone down|tone it down|washed|duller|dull|flatter|blend|blend in|blends in|blend better|stealthier|less visible|less noticeable|harder to spot|harder to see|hide better)\b/;
    if (/\bcontrast\b/.test(c)) {
      const down =
        /\b(less|lower|reduce|softer|weaker|low|tone down|toned down|decrease|not so much)\b/.test(c) ||
        (flip && !/\bmore\b/.test(c));
      ops.push({ kind: 'contrast', factor: down ? 1 / (1 + 0.3 * k) : 1 + 0.3 * k });
    } else if (popUp.test(c)) {
      const down = flip || /\b(less|not)\b/.test(c);
      ops.push({ kind: 'contrast', factor: down ? 1 / (1 + 0.25 * k) : 1 + 0.25 * k });
      ops.push({ kind: 'chroma', factor: down ? 1 / (1 + 0.2 * k) : 1 + 0.2 * k });
    } else if (popDown.test(c)) {
      const up = flip;
      ops.push({ kind: 'contrast', factor: up ? 1 + 0.25 * k : 1 / (1 + 0.25 * k) });
      ops.push({ kind: 'chroma', factor: up ? 1 + 0.2 * k : 1 / (1 + 0.25 * k) });
    } else if (/\b(saturated|saturation|colorful|vibrant|richer|brighter colors)\b/.test(c)) {
      const down = flip || /\b(less|lower|reduce|de-?saturate)\b/.test(c);
      ops.push({ kind: 'chroma', factor: down ? 1 / (1 + 0.25 * k) : 1 + 0.25 * k });
    } else if (/\b(desaturate|desaturated|grayer overall|drab|drabber|earthier)\b/.test(c))
      ops.push({ kind: 'chroma', factor: 1 / (1 + 0.3 * k) });

    // Lightness.
    if (/\b(darker|darken|deeper|dimmer|dark|darkness|shadowy)\b/.test(c))
      ops.push({ kind: 'lightness', amount: -6 * k * sign });
    else if (
      /\b(lighter|lighten|brighter|brighten|paler|light|bright|washed out)\b/.test(
        c.replace(/\blow[- ]light\b/g, ''),
      )
    )
      ops.push({ kind: 'lightness', amount: 6 * k * sign });

    // Warmth.
    if (/\b(warmer|warm|warmth|hotter|sunnier)\b/.test(c)) ops.push({ kind: 'warmth', amount: 6 * k * sign });
    else if (/\b(cooler|colder|cool|cold|chilly)\b/.test(c))
      ops.push({ kind: 'warmth', amount: -6 * k * sign });

    // Size.
    if (/\b(bigger|larger|big|large|huge|enlarge|chunkier|broader|wider|zoom in|scale up)\b/.test(c))
      ops.push({ kind: 'scale', factor: Math.pow(1 + 0.4 * k, sign) });
    else if (/\b(smaller|tinier|small|tiny|finer|shrink|zoom out|scale down|micro)\b/.test(c))
      ops.push({ kind: 'scale', factor: Math.pow(1 + 0.4 * k, -sign) });

    // Busy / calm.
    const busy =
      /\b(busier|busy|denser|dense|more detail|more detailed|detailed|more shapes|more broken up|broken up|cluttered|more going on|more texture|textured|complex|noisier|noisy|chaotic)\b/;
    const calm =
      /\b(calmer|calm|sparser|sparse|simpler|simple|cleaner|clean|quieter|quiet|plainer|plain|minimal|fewer shapes|less detail|less cluttered|less going on|smoother|tidier|relaxed)\b/;
    if (busy.test(c)) {
      const down = flip || /\b(less|fewer|reduce|not)\b/.test(c);
      ops.push({ kind: 'density', amount: down ? -k : k });
    } else if (calm.test(c)) ops.push({ kind: 'density', amount: flip ? k : -k });

    // Seasons and settings (a named colour in the clause, e.g. "spring green", is not repeated).
    for (const s of SETTINGS)
      if (
        s.re.test(c) &&
        !(s.label === 'spring green' && colours.some((x) => x.name.includes('spring green')))
      )
        ops.push(...s.ops(k));

    // The lightest or darkest colour, named by rank rather than by name.
    const rank = /\b(lightest|palest|brightest|whitest|darkest|deepest|blackest)\b/.exec(c);
    if (rank) {
      const which = /^(darkest|deepest|blackest)$/.test(rank[1] ?? '') ? 'darkest' : 'lightest';
      const mode = REMOVE.test(c) ? 'remove' : LESS.test(c) || flip ? 'less' : 'more';
      ops.push({ kind: 'rank', which, mode, k });
    }

    // Colours.
    // Each colour reads the words just before it ("add orange, less black"), or failing
    // those, the whole clause.
    // An orange asked for safety or to be seen is blaze orange.
    const safety = /\b(safety|safe|seen|visible|visibility|legal|blaze|hunter)\b/.test(raw);
    colours.forEach((named, j) => {
      const colour =
        safety && named.name === 'orange'
          ? {
              name: 'blaze orange',
              lab: labOfHex('#ff6a13'),
              ...(named.at !== undefined ? { at: named.at } : {}),
            }
          : named;
      const from = j > 0 ? (colours[j - 1]?.at ?? 0) : 0;
      const local = raw.slice(from, colour.at ?? raw.length);
      const after = raw.slice(colour.at ?? 0, colours[j + 1]?.at ?? raw.length);
      const ctx = REMOVE.test(local) || LESS.test(local) || MORE.test(local) ? local : raw;
      let mode: 'more' | 'less' | 'remove' | 'accent';
      if (REMOVE.test(ctx)) mode = 'remove';
      else if (LESS.test(ctx) || turned(ctx)) mode = 'less';
      else if (ACCENT.test(ctx) || ACCENT.test(after)) mode = 'accent';
      else mode = 'more';
      ops.push({ kind: 'colour', colour, mode, k });
    });
    void before;
  }
  return ops;
}

/** A palette colour within this (CIEDE2000) counts as the colour asked for. */
const SAME_COLOUR = 14;

const TOGGLE_CODES: Record<ToggleName, EditSuggestion | undefined> = {
  speckledDots: 'dots',
  contourLines: 'contour-lines',
  outlineStrokes: 'outlines',
  organicObjects: 'leaves-branches',
  geometricShapes: 'geometric-shapes',
  blobs: 'blobs',
  highContrast: undefined,
  limitedPalette: undefined,
  whiteSpace: undefined,
};

/** The suggestion codes an operation answers to (a colour that is not there: neither more nor less of it). */
function codesOf(op: Op): EditSuggestion[] {
  switch (op.kind) {
    case 'colour':
    case 'replace':
    case 'rank':
      return ['more-of-colour', 'less-of-colour'];
    case 'colours':
      if (op.count !== undefined) return ['fewer-colours', 'more-colours'];
      return [(op.delta ?? 0) < 0 ? 'fewer-colours' : 'more-colours'];
    case 'toggle': {
      const code = TOGGLE_CODES[op.name];
      return code ? [code] : [];
    }
    case 'style':
      return [op.style];
    default:
      return [];
  }
}

/** What a layer's field depends on (not its colour, share or threshold). */
function fieldKey(l: Recipe['layers'][number]): string {
  return `${l.periodX},${l.periodY},${l.octaves},${l.persistence},${l.seed},${l.shards}`;
}

/** "the lightest colour": the colour with area of highest (lowest) L*, as a colour operation on it. */
function byRank(r: Recipe, op: Extract<Op, { kind: 'rank' }>): Op {
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

/** Operations that rescale or reweight the fields (applied before a colour change in the same request). */
function isShapeOp(op: Op): boolean {
  return op.kind === 'scale' || op.kind === 'density' || (op.kind === 'toggle' && op.name === 'blobs');
}

/** The most of the tile a colour edit moves from one colour to others (item 1: 90 % of the pixels keep their colour). */
const MAX_MOVE = 0.08;

/** How much a "bigger" / "smaller" factor reweights the octaves and scales the fine detail. */
const SCALE_TILT = 0.7;
const SCALE_DETAIL = 1.2;
/** How much a plain "busier" reweights the octaves towards the fine ones and adds fine detail. */
const DENSITY_TILT = 1.25;
const DENSITY_DETAIL = 2;

/**
 * Applies a plain-language edit to a recipe and re-renders it. The layout is kept: the edit works
 * on the recipe's own layers (the same fields, seeds and cut; src/edit/recipe-ops.ts), changing
 * only what the request names. Only brush strokes and stripes redraw the fields. Throws
 * EditNotUnderstoodError when the request maps to no change.
 */
export function edit(recipe: Recipe, text: string): EditResult {
  const ops = parseEdit(text);
  if (ops.length === 0) throw new EditNotUnderstoodError('no-change-found', suggestEdits(text));
  let r = copyRecipe(recipe);
  const rand = editRandom(recipe, text);
  const done: string[] = [];
  const noop: string[] = [];
  /** The suggestion codes of what was asked and would change nothing (not suggested back). */
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
    r = { ...built, origin: { ...recipe.origin } };
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
  const ordered = [...ops.filter(isShapeOp), ...ops.filter((o) => !isShapeOp(o))];
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
      case 'colour': {
        const { i, d } = nearestColour(r, op.colour.lab);
        const hit = r.palette[i];
        const present = hit && d < SAME_COLOUR;
        if (op.mode === 'remove' || op.mode === 'less') {
          if (!present || !hit) {
            noop.push(
              `there is no ${op.colour.name} in this palette (${r.palette.map((p) => p.name).join(', ')})`,
            );
            break;
          }
          if (op.mode === 'remove' || op.k >= 2) {
            if (areaColours(r).length <= 3) {
              noop.push(`${hit.name} cannot go: a design needs at least three colours`);
              break;
            }
            removeColour(r, i);
            done.push(`removed ${hit.name} (${op.colour.name})`);
          } else {
            const s = hit.share;
            setShare(r, i, Math.max(0.02, s - Math.min(budget, s * (1 - 1 / (1 + 0.6 * op.k)))));
            done.push(`less ${hit.name} (${op.colour.name})`);
          }
          break;
        }
        if (present && hit && op.mode !== 'accent') {
          setShare(
            r,
            i,
            Math.min(0.75, hit.share + Math.min(budget / 2, 0.3 * hit.share * op.k + 0.03 * op.k)),
          );
          done.push(`more ${hit.name} (${op.colour.name})`);
        } else if (present && hit) {
          if (hit.share < 0.05) setShare(r, i, 0.05);
          done.push(`${hit.name} accents (${op.colour.name})`);
        } else {
          const share =
            op.mode === 'accent'
              ? Math.min(budget, 0.05 * Math.min(1.5, op.k))
              : Math.min(budget, 0.08 * op.k);
          // The new colour's field is keyed on the design and the colour, not on the wording, so
          // "add brown" and "I want more brown and bigger blobs" put the brown in the same places.
          const e = addColour(r, op.colour.lab, share, editRandom(recipe, `add ${labKey(op.colour.lab)}`));
          done.push(`added ${e.name} ${e.hex} (${op.colour.name}, ${Math.round(share * 100)}%)`);
        }
        break;
      }
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
      case 'scale':
        tiltOctaves(r, Math.pow(op.factor, -SCALE_TILT));
        scaleDetail(r, Math.pow(op.factor, -SCALE_DETAIL));
        r.shape.scale *= op.factor;
        done.push(op.factor > 1 ? 'bigger shapes' : 'smaller shapes');
        break;
      case 'density': {
        // "A bit busier" must still read as busier: below this, the patch sizes move by less
        // than the shapes' own scatter, either way.
        const amount = Math.sign(op.amount) * Math.max(DENSITY_FLOOR, Math.abs(op.amount));
        tiltOctaves(r, Math.pow(DENSITY_TILT, amount));
        scaleDetail(r, Math.pow(DENSITY_DETAIL, amount));
        r.shape.hurst = Math.max(0.05, Math.min(1, r.shape.hurst - 0.15 * amount));
        if (amount < 0) {
          if (r.toggles.speckledDots) setToggle(r, 'speckledDots', false, rand);
          // The digital style: fewer, larger cells, and less of the sub-cell grain.
          if (r.style === 'digital') {
            if (r.cells > 128) r.cells = 128;
            if (r.grain) r.grain.share *= 0.5;
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
    if (noop.length > noopsBefore) for (const code of codesOf(op)) noopCodes.add(code);
  }
  if (done.length === 0)
    throw new EditNotUnderstoodError('would-change-nothing', suggestEdits(text, noopCodes));
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
  return {
    recipe: r,
    png: encodeIndexedPng(renderIndices(r, DESIGN_SIZE, given ? { grids: given } : {})),
    summary: done.join('; ') + (noop.length ? ` (not done: ${noop.join('; ')})` : ''),
  };
}
