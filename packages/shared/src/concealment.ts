/**
 * Predicted concealment (issue 27, decision 016): how well a design is predicted to hide from a
 * person's eye and a white-tailed deer's, near and far, before anyone has played a round. The
 * words the pages say, shared by the server and the browser.
 */
export const observers = ['deer', 'person'] as const;
export type Observer = (typeof observers)[number];

/** Viewing distances in metres, for a target of real size (a crouching hunter, about 1 m). */
export const viewingDistances = [10, 25, 50, 100] as const;
export type ViewingDistance = (typeof viewingDistances)[number];

/** What the engine scores candidates for, and what the pages lead with: a deer at 25 m. */
export const DEFAULT_OBSERVER: Observer = 'deer';
export const DEFAULT_DISTANCE: ViewingDistance = 25;

export const observerNames: Record<Observer, { a: string; label: string }> = {
  deer: { a: 'a deer', label: 'Deer' },
  person: { a: 'a person', label: 'Person' },
};

export const concealmentText = {
  /** The choose screen: which of A and B hides better, in plain words and numbers. */
  compare(a: number | null, b: number | null, observer: Observer, distance: number): string {
    const eye = `${observerNames[observer].a} at ${distance} m`;
    if (a === null || b === null) return `No prediction for ${eye} in this photo.`;
    if (a === b) return `In your photo, A and B hide equally well from ${eye}: ${a} each.`;
    const [better, high, low] = a > b ? ['A', a, b] : ['B', b, a];
    return `In your photo, ${better} hides better from ${eye}: ${high} against ${low}.`;
  },
  /** A card's and a page's source of the hiding figure. */
  predicted: 'predicted',
  fromRounds: (rounds: number) => (rounds === 1 ? 'from 1 round' : `from ${rounds} rounds`),
  notYetPredicted: 'not yet predicted',
  outOfRange: 'out of range',
  scoreLabel: 'Predicted hiding (0-100)',
  medianTime: (seconds: number) => `A person is predicted to find it in about ${seconds.toFixed(1)} s.`,
  notCalibrated:
    'Predicted from measures of contrast, edges and texture; the game has not yet played enough rounds to turn it into seconds.',
  outOfScope:
    'Not modelled: ultraviolet (deer see some; photos carry none), dawn and dusk light, and movement, which gives away any pattern.',
  howItWorks:
    'The design is worn by a crouching hunter placed in the photo at that distance (a phone camera sees about 65 degrees across), blurred to what the eye can resolve there, and, for a deer, with red and green merged as a deer sees them.',
} as const;
