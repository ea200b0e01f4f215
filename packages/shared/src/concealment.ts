/**
 * Predicted concealment (issue 27, decision 016): how well a design is predicted to hide from a
 * person's eye and a white-tailed deer's, near and far, before anyone has played a round. The
 * words the pages say, shared by the server and the browser.
 */
import { playerRule } from './players.js';
import {
  DEFAULT_DISTANCE,
  DEFAULT_OBSERVER,
  GAME_EYE,
  observers,
  viewingDistances,
  type Observer,
  type ViewingDistance,
} from './vocabulary.js';

export { DEFAULT_DISTANCE, DEFAULT_OBSERVER, GAME_EYE, observers, viewingDistances };
export type { Observer, ViewingDistance };

/**
 * Why a distance has no figure in a photo (decision 028): the target would stand nearer than the
 * photo's bottom edge, beyond what the photo shows of the ground (its horizon, or sky there), or
 * be too small or too large in it to judge.
 */
export const outOfRangeReasons = ['too-near', 'beyond-ground', 'too-small', 'too-large'] as const;
export type OutOfRangeReason = (typeof outOfRangeReasons)[number];

/** The game calibrates the predictor from this many answered rounds over this many designs on. */
export const CALIBRATION_MIN_ROUNDS = 200;
export const CALIBRATION_MIN_DESIGNS = 10;
/** A fit is judged (decision 029) once this many designs have a game score of their own. */
export const CALIBRATION_CHECK_MIN_DESIGNS = 5;

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

/** For whom and how far a gallery card's figure is (cardHidingAtSchema, kept free of zod here). */
type CardHidingEye = { observer: Observer; distanceM: number; pending: boolean };

function eyeAt(observer: Observer, distance: number): string {
  return `${observerNames[observer].a} at ${distance} m`;
}

/** A predicted hiding figure (0-100) with its standard error, where known. */
export type FigureWithError = { hiding: number; se: number | null };

function figureText(f: FigureWithError): string {
  return f.se === null ? `${f.hiding}` : `${f.hiding} ± ${Math.max(1, Math.round(f.se))}`;
}

export const concealmentText = {
  /**
   * The choose screen: which of A and B hides better, in plain words and numbers, named only when
   * the gap is reliable (decision 028: more than 2.8 standard errors of the paired difference).
   */
  compare(
    a: FigureWithError | null,
    b: FigureWithError | null,
    observer: Observer,
    distance: number,
    gap: { difference: number; reliable: boolean } | null,
  ): string {
    const eye = `${observerNames[observer].a} at ${distance} m`;
    if (a === null || b === null) return `No prediction for ${eye} in this photo.`;
    if (gap?.reliable) {
      const [better, high, low] = gap.difference > 0 ? ['A', a, b] : ['B', b, a];
      return `In your photo, ${better} hides better from ${eye}: ${figureText(high)} against ${figureText(low)}.`;
    }
    return `In your photo, A and B hide about as well as each other from ${eye}: ${figureText(a)} and ${figureText(b)}. The difference is within what the measure can tell apart, or what another layout of the same pattern could make.`;
  },
  /** "78 ± 4": a figure with its standard error (decision 028), or the figure alone without one. */
  figure: (f: FigureWithError) => figureText(f),
  /** What "±" means, once per screen. */
  uncertaintyNote:
    '± is the uncertainty: the figure moves by about that much with where the hunter stands and how the pattern falls on him.',
  /** A card's and a page's source of the hiding figure. */
  predicted: 'predicted',
  fromRounds,
  notYetPredicted: 'not yet predicted',
  outOfRange: 'out of range',
  outOfRangeAt: (distance: number, reason?: OutOfRangeReason | null) => {
    switch (reason) {
      case 'too-near':
        return `At ${distance} m the hunter would stand nearer than the bottom of this photo: it does not show ground that close.`;
      case 'beyond-ground':
        return `At ${distance} m the hunter would stand beyond the ground this photo shows (its horizon, sky or water there).`;
      case 'too-small':
        return `At ${distance} m the hunter would be too small in this photo to judge.`;
      case 'too-large':
        return `At ${distance} m the hunter would be too large in this photo to judge.`;
      default:
        return `At ${distance} m the target would be too small or too large in this photo to judge.`;
    }
  },
  /** A close-up of ground (decision 028): its scale is estimated, and said. */
  closeUp:
    'This photo looks like a close-up of ground, so it is taken as about 1.5 m across (a phone held at chest height, pointing down) and spread around the hunter at its true size for each distance.',
  /**
   * An eye that sees finer detail than its figures take in at some distances (decision 037: the
   * photo holds less, or the working scale is capped for speed): they leave out the finest detail.
   */
  limitedByPhoto(observer: Observer, distances: readonly number[]): string {
    const at =
      distances.length === 1
        ? `${distances[0]} m`
        : `${distances.slice(0, -1).join(', ')} and ${distances.at(-1)} m`;
    return `At ${at}, ${observerNames[observer].a} sees finer detail than these figures take in, so they leave out the pattern's finest detail: the photo holds less, or the figures are worked coarser to come quickly.`;
  },
  /** The viewer's marker of where the hunter stands. */
  showHunter: 'Show where the hunter is',
  hideHunter: 'Hide the marker',
  scoreLabel: 'Predicted hiding (0-100)',
  medianTime: (seconds: number) => `A person is predicted to find it in about ${seconds.toFixed(1)} s.`,
  notCalibrated:
    'Predicted from measures of contrast, edges and texture; the game has not yet played enough rounds to turn it into seconds.',
  outOfScope:
    'Not modelled: movement, which gives away any pattern; scent; and ultraviolet, such as the glow of optical brighteners in washed fabric, which a deer sees and a photo does not hold. Dawn or dusk is the photo relit by a measured twilight sky and seen with the eyes’ dimmer-light sight, not a photo taken then. The deer figures come from a model of a deer’s eye, not from deer.',
  howItWorks:
    'The design is worn by a crouching hunter standing in the photo where that distance puts him (a camera at eye height, seeing about 65 degrees across), at nine places and four ways the pattern can fall on him, blurred to what the eye can resolve there (for a person, colour more than light and dark), and, for a deer, through a model of its two kinds of cone: brightness as its green-sensitive cone finds it (reds look dark), and colour only from blue to yellow; at dawn or dusk, the colours under a twilight sky, reds darker and blue-greens lighter, and less detail seen. The figure is the average, and ± how much it moves between them.',

  /** The choose screen while A and B are being predicted, and when no prediction came in time. */
  predicting: 'Predicting how well each hides...',
  predictingDusk: 'Predicting how well each hides at dawn or dusk...',
  /** The comparison's sentence for dawn or dusk's figures (decision 034). */
  atDuskSentence: (sentence: string) => `At dawn or dusk: ${sentence}`,
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
        ? "blurred to a deer's sharpness of sight, its colours shown from blue to yellow"
        : "blurred to a person's sharpness of sight";
    return `The design's photo with a crouching hunter wearing the design at ${distance} m, as ${observerNames[observer].a} sees it: ${eye}.`;
  },
  viewLoading: 'Drawing the view...',
  viewFailed: 'The view could not be drawn.',
  scoresCaption: (observer: Observer) => `Predicted hiding from ${observerNames[observer].a} (0-100)`,
  measuredLabel: 'Measured by the game',
  measured: (score: number, rounds: number) => `${score.toFixed(1)} s hidden, ${fromRounds(rounds)}`,
  loadFailed: 'The prediction could not be loaded.',

  /** The gallery sorted by "Hardest to spot": each card's figure, for whom and how far, and its place. */
  cardFigure(hiding: CardHidingFigure, at?: CardHidingEye): string {
    if (at?.pending) return 'measuring...';
    if (!hiding)
      return at
        ? `No figure for ${eyeAt(at.observer, at.distanceM)}: out of range in its photo`
        : 'Not yet predicted';
    const eye = at ? ` from ${eyeAt(at.observer, at.distanceM)}` : '';
    const figure =
      hiding.source === 'measured' || hiding.calibrated
        ? `${hiding.value.toFixed(1)} s`
        : `${Math.round(hiding.value)}`;
    return `Hides ${figure}${eye} · ${hiding.source === 'measured' ? fromRounds(hiding.rounds) : 'predicted'}`;
  },
  /** A card's place in "Hardest to spot"; a range where its figure cannot be told from its neighbours'. */
  cardPlace(place: { from: number; to: number }): string {
    return place.from === place.to
      ? `Place ${place.from}`
      : `Places ${place.from}-${place.to}: too close to tell apart`;
  },
  groups: { measured: 'Measured by the game', predicted: 'Predicted', none: 'No figure yet' },
  /** Shown while figures are being computed: what is said instead of a number. */
  measuring: 'measuring...',
  /** Above "Hardest to spot" while some designs' figures are still being computed. */
  measuringNotice: (count: number) =>
    count === 1
      ? '1 design is still being measured (marked "measuring..."); it takes its place in this order once its figures are in.'
      : `${count} designs are still being measured (marked "measuring..."); they take their places in this order once their figures are in.`,
  /** The gallery's choice of the eye "Hardest to spot" is ordered for. */
  orderEyeLabel: 'Hardest to spot for',
  /** The eye the list is ordered for, above "Hardest to spot". */
  orderedFor: (observer: Observer, distance: number) =>
    `Ordered by how long the design is predicted to stay hidden from ${eyeAt(observer, distance)}.`,
  eyeAt: (observer: Observer, distance: number) => eyeAt(observer, distance),

  /** The design page: which image the figures are of, after an edit. */
  figuresOf: {
    edited: 'These figures are for the edited design.',
    original: 'These figures are for the original design.',
    editedMeasuring:
      "The edited design is measuring... Its figures appear here once they are in; the original's are not shown in their place.",
    originalUntilSubmitted:
      'These figures are for the original design, before the edit: the edited one is measured once the design is submitted.',
  },

  /**
   * Where a figure falls as the distance grows (issue 39): a smaller target is usually harder to
   * find, so the page says why. The predictor measures the target's mean colour and brightness
   * against its surround, the false edges its pattern makes along the outline (GabRat) and its
   * texture against the ground's, all after the eye's blur at that distance: once the pattern's
   * marks are finer than the eye resolves, the false edges and texture go, the mean colour stays.
   */
  fallWhy(observer: Observer, near: number, far: number): string {
    return `Why it hides less at ${far} m than at ${near} m: a smaller target is usually harder to find, but at ${far} m ${observerNames[observer].a} can no longer make out the pattern's marks that break up the hunter's outline. What is left is the outline and the design's average colour, which stands out from this ground more than the pattern did up close.`;
  },

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
  /** The check of a fit on designs of photos it did not see, beside the baseline (decision 029). */
  checkIntro:
    "Judged on designs whose photos the fit did not see (each photo's designs left out in turn and predicted by a fit on the others), beside a baseline that knows only the difference between the target's mean colour and its surround's, fitted the same way. The fitted weights are used only where they order those designs better than the baseline.",
  checkFitted: 'The fitted predictor',
  checkBaseline: 'Mean colour difference alone',
  checkInterval: (low: number, high: number, percent: boolean) =>
    percent
      ? `95% interval ${Math.round(low * 100)}-${Math.round(high * 100)}%`
      : `95% interval ${low.toFixed(2)} to ${high.toFixed(2)}`,
  checkCounts: (designs: number, pairs: number, photos: number) =>
    `${designs} designs, ${pairs} pairs, ${photos} photos`,
  checkPlayers: (playerSd: number, players: number) =>
    `Players differ in speed (SD ${playerSd.toFixed(2)} in log seconds over ${players} players); the fit allows for it.`,
  /** The fit does not beat the baseline on designs it did not see: not used. */
  fitNotBetter:
    'The fitted weights order designs they did not see no better than the mean colour difference alone, so they are not used: the predictor keeps the weights it had.',
  /** Too few designs with a game score of their own to judge a fit: not used yet. */
  fitUnchecked: (designs: number, needed: number) =>
    `${designs} of ${needed} designs with a game score of their own needed to judge the fit on designs it did not see; until then the predictor keeps the weights it had.`,
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

/** The figures at each distance for one eye, as the pages have them (predictionSchema's fields). */
type DistanceFigure = { observer: Observer; distanceM: number; hiding: number | null; se: number | null };

/** A fall smaller than this (points of 0-100), or within two standard errors, is not called a fall. */
const FALL_MIN = 3;

/**
 * The first distance where an eye's figure falls below the nearest distance before it with a
 * figure, by more than chance (issue 39: the page says why); null when it never does.
 */
export function hidingFall(
  figures: readonly DistanceFigure[],
  observer: Observer,
): { near: number; far: number } | null {
  let previous: DistanceFigure | undefined;
  for (const distance of viewingDistances) {
    const current = figures.find((f) => f.observer === observer && f.distanceM === distance);
    if (!current || current.hiding === null) continue;
    if (previous && previous.hiding !== null) {
      const drop = previous.hiding - current.hiding;
      const noise = 2 * Math.sqrt((previous.se ?? 0) ** 2 + (current.se ?? 0) ** 2);
      if (drop > Math.max(FALL_MIN, noise)) return { near: previous.distanceM, far: current.distanceM };
    }
    previous = current;
  }
  return null;
}
