/**
 * Reading an edit request: the text split into clauses ("darker, add dots and less green") and
 * each clause mapped to operations (EditOp), with their degree ("a bit", "much") and direction
 * ("too dark", "not so busy"). Nothing here looks at a recipe.
 */
import type { ToggleName } from '../types.js';
import { colourNames, findColours, labOfHex, type NamedColour } from './colours.js';

/** What edit() understands, in words (not part of a refusal, which carries codes: ./suggestions.ts). */
export const EDIT_VOCABULARY =
  'darker / lighter; warmer / cooler; more, less, no or add <colour> (any CSS colour name, camo names such as ' +
  'coyote brown or olive drab, blaze orange accents); bigger / smaller shapes; busier / calmer (denser / sparser, cleaner); ' +
  'more / less contrast (pop, punchier, bolder / subtler, softer, muted, blend in); fewer or more colours; ' +
  'add or remove dots, contour lines, outlines, leaves or branches, geometric shapes, blobs; brush strokes or stripes; ' +
  'seasons and settings (winter, snow, fall, spring green, summer, desert, swamp, late season); ' +
  'switch to a digital (pixel) or organic style. "much", "a bit", "not so" and "too" scale or turn a change.';

/** One change a request asks for; applyEdit() (./apply.ts) makes it on a recipe. */
export type EditOp =
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
  /**
   * Winter: snow white on the upper edges of shapes (Overlays.snow), the rest lighter and cooler.
   * `mode` (judged on the design: ./snow-edit.ts): 'remove' ("no snow") takes the snow off, 'less'
   * ("less snow", "too snowy") and 'more' ("more snow", "snowier") resize the snow there is
   * ('more' on a design without snow lays it); without one, snow is laid where there is none.
   */
  | { kind: 'snow'; k: number; mode?: 'remove' | 'less' | 'more' }
  | { kind: 'toggle'; name: ToggleName; on: boolean }
  | { kind: 'style'; style: 'organic' | 'digital' };

/** The features a request can add or remove (toggles), the words for them and their name in a summary. */
export const FEATURES: { name: ToggleName; words: RegExp; label: string }[] = [
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

/**
 * What a winter clause asks of the snow: "no snow", "without the snow", "not snowy" take it off;
 * "less snow", "too snowy", "not so much snow" thin it; "more snow", "snowier" add to it. (Not
 * REMOVE's words: "hide in the snow" asks for snow.)
 */
function snowMode(c: string, flip: boolean): 'remove' | 'less' | 'more' | undefined {
  const snowWord = '(?:snow|snowy|frost|frosty|ice|icy|winter|wintry|wintery)';
  if (
    new RegExp(
      `\\b(?:no|without|remove|removing|get rid of|take out|take away|take off|drop|delete|ditch|lose|strip|clear|melt)\\s+(?:the\\s+|all\\s+(?:the\\s+)?|any\\s+|of\\s+the\\s+)?${snowWord}\\b`,
    ).test(c) ||
    new RegExp(`\\bnot\\s+${snowWord}\\b|\\bsnow[- ]free\\b`).test(c)
  )
    return 'remove';
  if (flip || LESS.test(c)) return 'less';
  if (/\b(more|snowier|wintrier|extra|heavier|deeper|thicker)\b/.test(c)) return 'more';
  return undefined;
}

const WORDS_NUM: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** Seasons and settings, as what a designer would do to the palette and shapes. */
const SETTINGS: { re: RegExp; ops: (k: number) => EditOp[]; label: string }[] = [
  {
    re: /\b(winter|wintry|wintery|wintrier|snow|snowy|snowier|snowfield|frost|frosty|icy|icier|arctic|alpine winter)\b/,
    label: 'winter',
    ops: (k) => [{ kind: 'snow', k }],
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
export function parseEdit(text: string): EditOp[] {
  const ops: EditOp[] = [];
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
      ) {
        const mode = s.label === 'winter' ? snowMode(c, flip) : undefined;
        ops.push(...s.ops(k).map((o) => (o.kind === 'snow' && mode ? { ...o, mode } : o)));
      }

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
