// The untyped package's declaration must travel with this module into every project that compiles it
// (the server type-checks the engine's sources too), so it is referenced here, not only included.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../types-ext/color-name.d.ts" />
import cssColours from 'color-name';
import { hexToRgb, rgbToLab, type Lab } from '../color/lab.js';
import { COLOUR_WORDS, NAMED_COLOURS } from '../color/names.js';

/**
 * The colour names an edit understands: the CSS named colours of the `color-name` package (the
 * CSS Color Module list, 148 names; "dark olive green" is found as darkolivegreen), the engine's
 * camouflage and outdoor-gear names ("coyote brown", "olive drab", ...), hunting colours, and
 * natural versions of the basic hue words (a person asking for "some orange" on a camouflage
 * means a usable orange, not CSS's #ffa500). Longest names are matched first.
 */
const HUNTING: Record<string, string> = {
  'blaze orange': '#ff6a13',
  'hunter orange': '#ff6a13',
  'safety orange': '#ff6a13',
  'fluorescent orange': '#ff6a13',
  'spring green': '#7a9a45',
  'fresh green': '#7a9a45',
  'dry grass': '#b09a66',
  mud: '#5a4632',
  dirt: '#6b5440',
  bark: '#4a3a2c',
  moss: '#6f7a3e',
  'sage green': '#9caf88',
  'desert tan': '#c8a97e',
  earth: '#6b4f3a',
  stone: '#918d84',
  charcoal: '#33363a',
  cream: '#e6dcc0',
};

export interface NamedColour {
  name: string;
  lab: Lab;
  /** Where the name starts in the clause (set by findColours). */
  at?: number;
}

const table = new Map<string, string>();
for (const [name, rgb] of Object.entries(cssColours)) table.set(name, rgbHex(rgb));
for (const [name, hex] of NAMED_COLOURS) table.set(name, hex);
for (const [name, hex] of Object.entries(HUNTING)) table.set(name, hex);
// The basic hue words last: they override CSS's pure screen colours with natural ones.
for (const [name, hex] of Object.entries(COLOUR_WORDS)) table.set(name, hex);
// Words that name a season or setting rather than a colour ("add snow" is winter, not CSS snow).
table.delete('snow');

function rgbHex([r, g, b]: readonly number[]): string {
  return '#' + [r ?? 0, g ?? 0, b ?? 0].map((v) => v.toString(16).padStart(2, '0')).join('');
}

/** Names sorted longest first (in words), so "olive drab" wins over "olive". */
const NAMES = [...table.keys()].sort((a, b) => b.length - a.length);

/** Comparatives and plurals that name a colour ("greener", "browns"). */
const FORMS: Record<string, string> = {
  greener: 'green',
  browner: 'brown',
  redder: 'red',
  bluer: 'blue',
  yellower: 'yellow',
  greyer: 'grey',
  grayer: 'grey',
  whiter: 'white',
  blacker: 'black',
  oranger: 'orange',
  tanner: 'tan',
  greens: 'green',
  browns: 'brown',
  reds: 'red',
  blues: 'blue',
  yellows: 'yellow',
  greys: 'grey',
  grays: 'grey',
  whites: 'white',
  blacks: 'black',
  oranges: 'orange',
  tans: 'tan',
  olives: 'olive',
  khakis: 'khaki',
  earthy: 'earth',
  muddy: 'mud',
  mossy: 'moss',
  sandy: 'sand',
  rusty: 'rust',
  golden: 'gold',
};

export function labOfHex(hex: string): Lab {
  const [r, g, b] = hexToRgb(hex);
  return rgbToLab(r, g, b);
}

/**
 * Finds the colours named in a clause, each with where it was found; a "dark" or "light" (pale,
 * deep, bright) just before a name shifts its lightness. Matched words are blanked out of the
 * returned text, so that "light green" does not also read as "lighter".
 */
export function findColours(clause: string): { colours: NamedColour[]; rest: string } {
  let text = ` ${clause} `;
  const found: { at: number; end: number; c: NamedColour }[] = [];
  for (const [form, name] of Object.entries(FORMS)) {
    const re = new RegExp(`(?<=\\W)${form}(?=\\W)`, 'g');
    text = text.replace(re, name);
  }
  // Concatenated CSS names written as words: "dark olive green" -> darkolivegreen.
  for (const name of NAMES) {
    const words = name.includes(' ') ? name.split(' ') : splitCss(name);
    const pattern = words.map(escape).join('[ -]?');
    const re = new RegExp(
      `(?<=\\W)((?:(dark|light|pale|deep|bright|dull|muted)[ -])?)${pattern}(?=\\W)`,
      'g',
    );
    text = text.replace(re, (m: string, _mod: string, mod: string | undefined, offset: number) => {
      const hex = table.get(name) ?? '#808080';
      const lab = labOfHex(hex);
      let shown = name;
      if (mod === 'dark' || mod === 'deep') {
        lab.L = Math.max(5, lab.L - 15);
        shown = `${mod} ${name}`;
      } else if (mod === 'light' || mod === 'pale' || mod === 'bright') {
        lab.L = Math.min(95, lab.L + 15);
        shown = `${mod} ${name}`;
      } else if (mod === 'dull' || mod === 'muted') {
        lab.a *= 0.6;
        lab.b *= 0.6;
        shown = `${mod} ${name}`;
      }
      found.push({
        at: offset,
        end: offset + m.length,
        c: { name: shown, lab, at: Math.max(0, offset - 1) },
      });
      return ' '.repeat(m.length);
    });
  }
  found.sort((a, b) => a.at - b.at);
  // Two names written together ("coyote tan", "rust red", "olive green") name one colour, as
  // compound colour names do in English: the last word is the colour, the first says which one.
  // It is the last word's colour moved a quarter of the way to the first's, so it stays that
  // colour (within about 7 CIEDE2000) with the other's cast.
  const merged: typeof found = [];
  for (const f of found) {
    const prev = merged[merged.length - 1];
    if (prev && /^[ -]*$/.test(text.slice(prev.end, f.at)) && f.at > prev.end - 1) {
      const m = prev.c.lab;
      const h = f.c.lab;
      merged[merged.length - 1] = {
        at: prev.at,
        end: f.end,
        c: {
          name: `${prev.c.name} ${f.c.name}`,
          lab: {
            L: h.L + COMPOUND * (m.L - h.L),
            a: h.a + COMPOUND * (m.a - h.a),
            b: h.b + COMPOUND * (m.b - h.b),
          },
          ...(prev.c.at !== undefined ? { at: prev.c.at } : {}),
        },
      };
    } else merged.push(f);
  }
  return { colours: merged.map((f) => f.c), rest: text };
}

/** How far a compound colour name's first word moves the colour of its last (see findColours). */
const COMPOUND = 0.25;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** CSS names are concatenated words; split the ones people write as words. */
const CSS_PARTS = [
  'dark',
  'light',
  'pale',
  'medium',
  'deep',
  'olive',
  'drab',
  'forest',
  'sea',
  'spring',
  'lawn',
  'lime',
  'yellow',
  'green',
  'blue',
  'slate',
  'gray',
  'grey',
  'brown',
  'sandy',
  'saddle',
  'rosy',
  'golden',
  'rod',
  'steel',
  'sky',
  'navy',
  'burly',
  'wood',
  'white',
  'smoke',
  'orange',
  'red',
  'violet',
  'khaki',
  'cyan',
  'goldenrod',
  'chocolate',
  'tan',
  'sienna',
  'peru',
  'salmon',
  'coral',
  'tomato',
  'cadet',
  'powder',
  'midnight',
  'dodger',
  'royal',
  'indian',
  'hot',
  'pink',
  'magenta',
  'orchid',
  'purple',
  'aqua',
  'marine',
  'turquoise',
  'dim',
  'ghost',
  'floral',
  'antique',
  'navajo',
  'moccasin',
  'wheat',
  'lemon',
  'chiffon',
  'honey',
  'dew',
  'mint',
  'cream',
  'linen',
  'old',
  'lace',
  'misty',
  'rose',
  'blanched',
  'almond',
  'papaya',
  'whip',
  'peach',
  'puff',
  'corn',
  'silk',
  'ivory',
  'snow',
  'sea',
  'shell',
  'alice',
  'lavender',
  'blush',
  'thistle',
  'plum',
  'fire',
  'brick',
  'crimson',
  'maroon',
  'teal',
  'chartreuse',
  'gainsboro',
  'silver',
  'black',
  'bisque',
  'beige',
  'azure',
  'fuchsia',
  'indigo',
  'lime',
];

function splitCss(name: string): string[] {
  // Greedy longest-part split; names that do not split stay whole.
  const parts: string[] = [];
  let rest = name;
  while (rest.length) {
    const p = CSS_PARTS.filter((x) => rest.startsWith(x)).sort((a, b) => b.length - a.length)[0];
    if (!p) return [name];
    parts.push(p);
    rest = rest.slice(p.length);
  }
  return parts;
}

/** Every colour name an edit knows (for suggestions in error messages). */
export function colourNames(): string[] {
  return NAMES;
}
