import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../generate.js';
import type { GenerateResult } from '../generate-types.js';
import { readPhoto } from '../node.js';
import { edit } from './edit.js';
import { EDIT_VOCABULARY, parseEdit } from './parse.js';
import { EDIT_SUGGESTIONS, type EditSuggestion } from './suggestion-words.js';
import { EditNotUnderstoodError, suggestEdits, type EditRefusalReason } from './suggestions.js';

/**
 * Requests edit() cannot carry out, each with exactly the suggestions it must get. Decisions:
 * - "make it glow in the dark": none. The dark there is where the pattern is seen; "darker" would
 *   be the opposite of glowing, and no code makes a luminous finish.
 * - "leopard print": dots only; "print" is one letter from "paint" but a different word, so a
 *   changed letter counts as a typo only in words of six letters or more.
 * - "more realistic trees": the organic style and leaves and branches, in the request's order.
 * - "draw some lines on it": lines are contour lines, outlines or stripes; all three.
 */
const NOT_FOUND: [string, EditSuggestion[]][] = [
  ['add a deer silhouette', []],
  ['put my name on it', []],
  ['make it glow in the dark', []],
  ['make it shiny', []],
  ['add a flag', []],
  ['3d effect', []],
  ['add my logo', []],
  ['draw me a unicorn', []],
  ['please change the colour of it', []],
  ['more realistic trees', ['organic', 'leaves-branches']],
  ['hexagons', ['geometric-shapes']],
  ['make it look like the ocean', ['cooler']],
  ['i want it to look like a zebra', ['stripes']],
  ['add some pine trees', ['leaves-branches']],
  ['make it more pixely', ['digital']],
  ['i want a pixilated look', ['digital']],
  ['make it neon', ['blaze-orange']],
  ['add some circles', ['dots']],
  ['leopard print', ['dots']],
  ['make it nocturnal', ['night']],
  ['make it rainbow', ['more-colours']],
  ['monochrome please', ['fewer-colours']],
  ['more bronw', ['more-of-colour']],
  ['less bronw', ['less-of-colour']],
  ['make it look like fire', ['warmer']],
  ['draw some lines on it', ['contour-lines', 'outlines', 'stripes']],
];

/** Requests edit() understands but that would change nothing on the design named (A organic, B digital). */
const NOTHING: [string, 'A' | 'B', EditSuggestion[]][] = [
  ['make it digital', 'B', []],
  ['switch to pixels, like minecraft', 'B', []],
  ['remove the dots', 'A', []],
  ['no pink', 'A', []],
  ['no dots and no leaves', 'A', []],
];

/** Words that must never bring a suggestion on their own. */
const GENERIC = [
  'add',
  'make',
  'more',
  'less',
  'it',
  'a',
  'the',
  'some',
  'please',
  'change',
  'design',
  'colour',
  'color',
];

/**
 * Whether a request word and a listed word are the same word, judged loosely and apart from the
 * module's own matching: equal once common endings are taken off, or one typo apart (five letters
 * or more).
 */
function sameWord(w: string, listed: string): boolean {
  const root = (x: string) =>
    x
      .replace(/(ies|ier)$/, 'y')
      .replace(/(es|s|ed|er|y|e)$/, '')
      .replace(/([bdgmnprt])\1$/, '$1');
  if (w === listed || root(w) === root(listed)) return true;
  if (w.length < 5 || listed.length < 5 || Math.abs(w.length - listed.length) > 1) return false;
  // Damerau-Levenshtein distance 1.
  const d: number[][] = Array.from({ length: w.length + 1 }, (_, i) =>
    Array.from({ length: listed.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= w.length; i++)
    for (let j = 1; j <= listed.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (up[j - 1] ?? 0) + (w[i - 1] === listed[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && w[i - 1] === listed[j - 2] && w[i - 2] === listed[j - 1])
        row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  return ((d[w.length] as number[])[listed.length] ?? 9) <= 1;
}

function expectRelated(text: string, suggestions: EditSuggestion[]): void {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w && !GENERIC.includes(w));
  for (const code of suggestions)
    expect(
      words.some((w) => EDIT_SUGGESTIONS[code].some((l) => sameWord(w, l))),
      `"${text}" -> ${code} shares no word with it`,
    ).toBe(true);
}

let base: GenerateResult;

beforeAll(async () => {
  const photo = await readPhoto(new URL('../../fixtures/forest.jpg', import.meta.url).pathname);
  base = generate({ photo, description: 'forest path', state: 'OR', county: 'Lane', seed: 3 });
}, 120_000);

function refusal(design: 'A' | 'B', text: string): EditNotUnderstoodError {
  try {
    edit(base.designs[design === 'A' ? 0 : 1].recipe, text);
  } catch (e) {
    if (e instanceof EditNotUnderstoodError) return e;
    throw e;
  }
  throw new Error(`"${text}" was carried out`);
}

describe('refused edits carry a reason and related suggestion codes', () => {
  it.each(NOT_FOUND)('"%s" is refused (no change found) and suggests %j', (text, want) => {
    expect(parseEdit(text)).toEqual([]);
    const e = refusal('A', text);
    expect(e.reason).toBe<EditRefusalReason>('no-change-found');
    expect(e.suggestions).toEqual(want);
    expectRelated(text, e.suggestions);
  });

  it.each(NOTHING)('"%s" on design %s would change nothing and suggests %j', (text, design, want) => {
    const e = refusal(design, text);
    expect(e.reason).toBe<EditRefusalReason>('would-change-nothing');
    expect(e.suggestions).toEqual(want);
    expectRelated(text, e.suggestions);
  });

  it('a would-change-nothing refusal does not suggest what was the no-op, but still what the words name', () => {
    expect(suggestEdits('make it digital, blocky like a grid', ['digital'])).toEqual([]);
    expect(suggestEdits('remove the dots, add some trees', ['dots'])).toEqual(['leaves-branches']);
  });

  it('the message is a short line for logs, without the vocabulary', () => {
    const e = refusal('A', 'add a deer silhouette');
    expect(e.message).toBe('edit not understood (no-change-found)');
    expect(e.message).not.toContain(EDIT_VOCABULARY.slice(0, 20));
    expect(refusal('A', 'remove the dots').message).toBe('edit not understood (would-change-nothing)');
  });

  it('generic words bring no suggestion, and the word lists hold none of them', () => {
    expect(suggestEdits(GENERIC.join(' '))).toEqual([]);
    for (const [code, words] of Object.entries(EDIT_SUGGESTIONS)) {
      for (const w of words) {
        expect(GENERIC, `${code} lists "${w}"`).not.toContain(w);
        expect(w).toBe(w.toLowerCase());
      }
    }
  });

  it('at most three suggestions, never repeated', () => {
    const s = suggestEdits('lines, stripes, dots, trees, pixels, snow and sand');
    expect(s.length).toBe(3);
    expect(new Set(s).size).toBe(3);
  });
});
