/**
 * Why an edit was refused and what it could do instead, as codes: the site words them (and
 * translates them), the engine only says which. A suggestion is offered only when the request
 * holds one of its words (after simple stemming, or with one typo in a word of five letters or
 * more), never through generic words such as "make", "more" or "colour".
 * The codes and their words are in ./suggestion-words.ts.
 */
import type { ToggleName } from '../types.js';
import type { EditOp } from './parse.js';
import { EDIT_SUGGESTIONS, type EditSuggestion } from './suggestion-words.js';

export type EditRefusalReason = 'no-change-found' | 'would-change-nothing';

export class EditNotUnderstoodError extends Error {
  readonly reason: EditRefusalReason;
  /** At most three, most relevant first; empty when nothing in the request relates to any. */
  readonly suggestions: EditSuggestion[];
  /**
   * Why a request that was understood would change nothing, in the engine's words ("the design
   * is already organic"); empty for a request not understood at all.
   */
  readonly why: string[];
  constructor(reason: EditRefusalReason, suggestions: EditSuggestion[] = [], why: string[] = []) {
    super(`edit not understood (${reason})`);
    this.name = 'EditNotUnderstoodError';
    this.reason = reason;
    this.suggestions = suggestions.slice(0, 3);
    this.why = why;
  }
}

/** Words that never bring a suggestion (they are in almost every request). */
const GENERIC = new Set([
  'add',
  'make',
  'more',
  'less',
  'it',
  'a',
  'an',
  'the',
  'some',
  'please',
  'change',
  'design',
  'colour',
  'color',
  'colours',
  'colors',
  'pattern',
  'camo',
  'look',
  'like',
  'want',
  'need',
  'put',
  'on',
  'in',
  'of',
  'with',
  'and',
  'to',
  'me',
  'my',
  'i',
  'can',
  'you',
  'this',
  'that',
  'bit',
  'much',
  'very',
  'lot',
]);

/**
 * Phrases whose words do not mean what they mean alone: in "glow in the dark" the dark is where
 * the pattern is seen, not its colour (and "darker" would be the opposite of glowing).
 */
const IDIOMS = /\b(glows?|glowing) in the dark\b|\bin the dark\b/g;

const DOUBLED = /([bdgmnprt])\1$/;

/** A word's stem: plural, -er, -ed, -y and a final e taken off ("branches" and "branch", "pixely" and "pixel"). */
export function stem(word: string): string {
  let w = word.toLowerCase();
  const cut = (suffix: string, add = '', min = 4): boolean => {
    if (w.endsWith(suffix) && w.length - suffix.length + add.length >= min) {
      w = w.slice(0, w.length - suffix.length) + add;
      return true;
    }
    return false;
  };
  let vowelSuffix = false;
  if (cut('ies', 'y', 3) || cut('ier', 'y', 3)) vowelSuffix = true;
  else if (/(s|x|z|ch|sh)es$/.test(w)) cut('es', '', 3);
  else if (/[^su]s$/.test(w)) cut('s', '', 3);
  if (cut('ed') || cut('er')) vowelSuffix = true;
  if (w.length > 4 && w.endsWith('y') && cut('y')) vowelSuffix = true;
  if (w.length > 4 && w.endsWith('e')) cut('e');
  if (vowelSuffix && DOUBLED.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * Whether `a` is one typo from `b`: a letter added or dropped, two neighbours swapped, or (in words
 * of six letters or more) a letter changed; the first letter kept. A changed letter in a shorter
 * word is as often another word ("print" and "paint", "night" and "right").
 */
export function oneTypo(a: string, b: string): boolean {
  if (a === b || a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return a.length >= 6;
    const [i, j] = diff;
    return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

/** The request's words that can bring a suggestion, in order. */
export function requestWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(IDIOMS, ' ')
    .split(/[^a-z0-9-]+/)
    .flatMap((w) => (w.includes('-') ? [w, ...w.split('-')] : [w]))
    .filter((w) => w.length >= 2 && !GENERIC.has(w));
}

/**
 * How a request word relates to a listed word: 2 the same (or the same stem), 1 one typo away
 * (both five letters or more), 0 not at all.
 */
export function relates(word: string, listed: string): number {
  if (word === listed || stem(word) === stem(listed)) return 2;
  if (word.length >= 5 && listed.length >= 5 && oneTypo(word, listed)) return 1;
  return 0;
}

const OPPOSITE: Partial<Record<EditSuggestion, EditSuggestion>> = {
  'more-of-colour': 'less-of-colour',
  'less-of-colour': 'more-of-colour',
  'more-contrast': 'less-contrast',
  'less-contrast': 'more-contrast',
  'fewer-colours': 'more-colours',
  'more-colours': 'fewer-colours',
};

const CODES = Object.keys(EDIT_SUGGESTIONS) as EditSuggestion[];

/**
 * Up to three suggestions for a refused request, most relevant first: codes with more of their
 * words in the request first, exact matches before typos, then in the order the request names
 * them. `exclude` holds the codes that were asked for and would change nothing.
 */
export function suggestEdits(text: string, exclude: Iterable<EditSuggestion> = []): EditSuggestion[] {
  const words = requestWords(text);
  const out = new Set(exclude);
  const scored: { code: EditSuggestion; hits: number; exact: number; first: number; order: number }[] = [];
  CODES.forEach((code, order) => {
    if (out.has(code)) return;
    let hits = 0;
    let exact = 0;
    let first = Infinity;
    words.forEach((w, at) => {
      let best = 0;
      for (const listed of EDIT_SUGGESTIONS[code]) best = Math.max(best, relates(w, listed));
      if (best > 0) {
        hits++;
        if (best === 2) exact++;
        first = Math.min(first, at);
      }
    });
    if (hits > 0) scored.push({ code, hits, exact, first, order });
  });
  // A colour that could go either way: the request's own direction decides which comes first.
  const fewer = /\b(less|fewer|no|without|remove|rid|drop|lose)\b/.test(text.toLowerCase());
  const lean = (c: EditSuggestion): number =>
    c === (fewer ? 'less-of-colour' : 'more-of-colour') ||
    c === (fewer ? 'less-contrast' : 'more-contrast') ||
    c === (fewer ? 'fewer-colours' : 'more-colours')
      ? 0
      : 1;
  scored.sort(
    (a, b) =>
      b.hits - a.hits ||
      b.exact - a.exact ||
      a.first - b.first ||
      lean(a.code) - lean(b.code) ||
      a.order - b.order,
  );
  // Of a pair that differs only in direction, only the way the request leans.
  const kept = scored.filter((s) => {
    const other = OPPOSITE[s.code];
    return !other || !scored.some((t) => t.code === other) || lean(s.code) === 0;
  });
  return kept.slice(0, 3).map((s) => s.code);
}

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
export function suggestionCodesOf(op: EditOp): EditSuggestion[] {
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
    case 'snow':
      return ['winter'];
    default:
      return [];
  }
}
