/**
 * The wording of an edit the generator cannot make. The engine says why and what it could do
 * instead as codes (packages/camo-engine src/edit/suggestion-words.ts; the server checks at compile
 * time that both lists hold the same codes); the site words them here, once, for the API, the
 * page and the engine's command line (which imports this module: keep it free of imports).
 */

export type EditRefusalReason = 'no-change-found' | 'would-change-nothing' | 'unavailable';

/** One short sentence: the API's message, which the page shows after the specification's
 * "Failed to edit image: " (generationMessages.editFailedPrefix). */
export const editRefusalText: Record<EditRefusalReason, string> = {
  'no-change-found': "I couldn't find a change I can make in that request.",
  'would-change-nothing': 'That would not change this design.',
  unavailable: 'Image editing is not available for this design.',
};

/** Each suggestion as a request the person can send as it stands. */
export const editSuggestionText = {
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
} as const;

export type EditSuggestionCode = keyof typeof editSuggestionText;

/** "What can I ask for?": the vocabulary, a line a kind of change. */
export const editVocabulary: readonly string[] = [
  'Lightness: darker, lighter, darker for night.',
  'Temperature: warmer, cooler.',
  'Colours: more, less, no or add a colour (any colour name, or camo names such as coyote brown or olive drab); fewer or more colours; blaze orange accents.',
  'Shapes: bigger or smaller; busier or calmer (denser or sparser).',
  'Contrast: more (pop, bolder) or less (subtler, muted, blend in).',
  'Elements: add or remove dots, contour lines, outlines, leaves or branches, geometric shapes, blobs, brush strokes or stripes.',
  'Seasons and places: winter, snow, fall, spring, summer, desert, swamp, late season.',
  'Style: switch to digital (pixel) or organic.',
  'Words such as "a bit", "much", "not so" and "too" scale or turn a change.',
];

/** At most three suggestions, worded; unknown codes (a newer server) are left out. */
export function editSuggestions(codes: readonly string[]): string[] {
  return codes
    .filter((code): code is EditSuggestionCode => Object.hasOwn(editSuggestionText, code))
    .slice(0, 3)
    .map((code) => editSuggestionText[code]);
}
