/**
 * Predicted concealment (issue 27, decision 016): how well a design is predicted to hide from a
 * person's eye and a white-tailed deer's, near and far, before anyone has played a round. The
 * words the pages say, shared by the server and the browser.
 */
import { playerRule } from './players.js';

export const observers = ['deer', 'person'] as const;
export type Observer = (typeof observers)[number];

/** Viewing distances in metres, for a target of real size (a crouching hunter, about 1 m). */
export const viewingDistances = [10, 25, 50, 100] as const;
export type ViewingDistance = (typeof viewingDistances)[number];

/** What the engine scores candidates for, and what the pages lead with: a deer at 25 m. */
export const DEFAULT_OBSERVER: Observer = 'deer';
export const DEFAULT_DISTANCE: ViewingDistance = 25;

/** The game calibrates the predictor from this many answered rounds over this many designs on. */
export const CALIBRATION_MIN_ROUNDS = 200;
export const CALIBRATION_MIN_DESIGNS = 10;

export const observerNames: Record<Observer, { a: string; label: string }> = {
  deer: { a: 'a deer', label: 'Deer' },
  person: { a: 'a person', label: 'Person' },
};

const fromRounds = (rounds: number) => (rounds === 1 ? 'from 1 round' : `from ${rounds} rounds`);

/** A gallery card's hiding figure (the shape of cardHidingSchema, kept free of zod here). */
type CardHidingFigure = {
  source: 'measured' | 'predicted';
  value: number;
  rounds: number;
  calibrated: boolean;
} | null;

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
  fromRounds,
  notYetPredicted: 'not yet predicted',
  outOfRange: 'out of range',
  outOfRangeAt: (distance: number) =>
    `At ${distance} m the target would be too small or too large in this photo to judge.`,
  scoreLabel: 'Predicted hiding (0-100)',
  medianTime: (seconds: number) => `A person is predicted to find it in about ${seconds.toFixed(1)} s.`,
  notCalibrated:
    'Predicted from measures of contrast, edges and texture; the game has not yet played enough rounds to turn it into seconds.',
  outOfScope:
    'Not modelled: ultraviolet (deer see some; photos carry none), dawn and dusk light, and movement, which gives away any pattern.',
  howItWorks:
    'The design is worn by a crouching hunter placed in the photo at that distance (a phone camera sees about 65 degrees across), blurred to what the eye can resolve there, and, for a deer, with red and green merged as a deer sees them.',

  /** The choose screen while A and B are being predicted, and when no prediction came in time. */
  predicting: 'Predicting how well each hides...',
  notPredictedInTime: 'The prediction is not ready yet. Choose as you like: it will be on the design page.',
  compareCaption: 'Predicted hiding of A and B (0-100, higher hides better), by eye and distance',

  /** The design page's viewer. */
  viewerTitle: 'How it looks from a distance',
  observerLabel: 'Seen by',
  distanceLabel: 'Distance',
  metres: (distance: number) => `${distance} m`,
  viewAlt(observer: Observer, distance: number): string {
    const eye =
      observer === 'deer'
        ? "blurred to a deer's sharpness of sight, red and green merged"
        : "blurred to a person's sharpness of sight";
    return `The design's photo with a crouching hunter wearing the design at ${distance} m, as ${observerNames[observer].a} sees it: ${eye}.`;
  },
  viewLoading: 'Drawing the view...',
  viewFailed: 'The view could not be drawn.',
  scoresCaption: (observer: Observer) => `Predicted hiding from ${observerNames[observer].a} (0-100)`,
  measuredLabel: 'Measured by the game',
  measured: (score: number, rounds: number) => `${score.toFixed(1)} s hidden, ${fromRounds(rounds)}`,
  loadFailed: 'The prediction could not be loaded.',

  /** The gallery sorted by "Hardest to spot": each card's figure and, until calibrated, the groups. */
  cardFigure(hiding: CardHidingFigure): string {
    if (!hiding) return 'Not yet predicted';
    const figure =
      hiding.source === 'measured' || hiding.calibrated
        ? `${hiding.value.toFixed(1)} s`
        : `${Math.round(hiding.value)}`;
    return `Hides ${figure} · ${hiding.source === 'measured' ? fromRounds(hiding.rounds) : 'predicted'}`;
  },
  groups: { measured: 'Measured by the game', predicted: 'Predicted', none: 'Not yet predicted' },

  /** The insights page: how the predictor's order agrees with the game's. */
  calibrationTitle: 'How well the prediction agrees with the game',
  calibrationIntro:
    "The predictor's weights are fitted to the rounds of hide and seek played; these figures compare its order of designs with the game's, over designs with enough rounds.",
  tooFewRounds: (rounds: number, needed: number) =>
    `${rounds} of ${needed} rounds needed; the predictor uses its default weights.`,
  pairwiseAgreement: 'Pairs of designs in the same order',
  spearman: "Spearman's rho",
  comparedDesigns: 'Designs compared',
  roundsUsed: 'Rounds used',
  fittedAt: 'Fitted on',
  /** The latest fit went against the literature on a measure (decision 026): it is not used. */
  fitReversed: (measures: readonly string[]) =>
    `The latest fit says ${joinNames(measures.map((m) => measureNames[m] ?? m))} would make a target harder to find, against what vision science has measured, so it is not used: the predictor keeps the weights it had. Rounds from new accounts do not count, and no player carries more than ${playerRule.maxShare * 100}% of a fit.`,
} as const;

/** The predictor's measures as the insights page names them, in the direction that gives a target away. */
const measureNames: Record<string, string> = {
  colourContrast: 'more colour contrast',
  luminanceContrast: 'more brightness contrast',
  gabrat: 'a more visible outline (a lower GabRat)',
  textureDifference: 'a texture more unlike the ground',
};

function joinNames(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
