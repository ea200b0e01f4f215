/**
 * The words of a refused edit, for the command line: the site's own sentences and suggestions
 * (packages/shared/src/edit-refusal.ts, import-free, one of the two shared modules the engine may
 * import: eslint.config.js), so the command line and the site say the same (decision 027).
 */
import { editRefusalText, editSuggestionText } from '@camo/shared/edit-refusal';
import type { EditSuggestion } from './suggestion-words.js';
import type { EditRefusalReason } from './suggestions.js';

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
    ? `${editRefusalText[reason].slice(0, -1)}: ${why.join('; ')}.`
    : editRefusalText[reason];
  const tries = suggestions.slice(0, 3).map((s) => editSuggestionText[s]);
  return tries.length ? `${sentence}\nYou could try: ${tries.join('; ')}.` : sentence;
}
