/**
 * The words of a refused edit, for the command line: the site's own sentences and suggestions,
 * copied from packages/shared/src/edit-refusal.ts (editRefusalText, editSuggestionText). The
 * engine imports nothing of ours (docs/ARCHITECTURE.md), so it cannot read that file at run time;
 * test/cli.test.ts reads both and fails the day they differ, so the site's file stays the one
 * source of the wording and this is its checked copy (decision 027).
 */
import type { EditRefusalReason, EditSuggestion } from './suggestions.js';

/** One short sentence per reason, as the site says it. */
export const REFUSAL_TEXT: Record<EditRefusalReason, string> = {
  'no-change-found': "I couldn't find a change I can make in that request.",
  'would-change-nothing': 'That would not change this design.',
};

/** Each suggestion as a request the person can send as it stands, as the site words it. */
export const SUGGESTION_TEXT: Record<EditSuggestion, string> = {
  darker: 'make it darker',
  lighter: 'make it lighter',
  warmer: 'make it warmer',
  cooler: 'make it cooler',
  'bigger-shapes': 'bigger shapes',
  'smaller-shapes': 'smaller shapes',
  busier: 'make it busier',
  calmer: 'make it calmer',
  'more-contrast': 'more contrast',
  'less-contrast': 'less contrast',
  'more-of-colour': 'more of a colour, e.g. more brown',
  'less-of-colour': 'less of a colour, e.g. less green',
  'fewer-colours': 'fewer colours',
  'more-colours': 'more colours',
  dots: 'add dots',
  'contour-lines': 'add contour lines',
  outlines: 'add outlines',
  'leaves-branches': 'add leaves and branches',
  'geometric-shapes': 'add geometric shapes',
  blobs: 'add blobs',
  'brush-strokes': 'add brush strokes',
  stripes: 'add stripes',
  digital: 'switch to a digital (pixel) style',
  organic: 'switch to an organic style',
  winter: 'make it look like winter',
  fall: 'make it look like fall',
  spring: 'spring greens',
  summer: 'summer greens',
  desert: 'desert colours',
  swamp: 'swamp colours',
  'blaze-orange': 'add blaze orange accents',
  night: 'darker for night',
};

/**
 * What the command line prints for a refused edit: the site's sentence, the engine's reason in
 * words when it has one (what it understood and why it changes nothing), and at most three
 * suggestions.
 */
export function refusalWords(
  reason: EditRefusalReason,
  suggestions: readonly EditSuggestion[],
  why: readonly string[] = [],
): string {
  const sentence = why.length
    ? `${REFUSAL_TEXT[reason].slice(0, -1)}: ${why.join('; ')}.`
    : REFUSAL_TEXT[reason];
  const tries = suggestions.slice(0, 3).map((s) => SUGGESTION_TEXT[s]);
  return tries.length ? `${sentence}\nYou could try: ${tries.join('; ')}.` : sentence;
}
