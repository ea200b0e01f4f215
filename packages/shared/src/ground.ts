/**
 * "Which designs suit my ground" (issue 28): a person's own photo, every design ranked by how well
 * it is predicted to hide there, and each design's versatility across other places. The rules and
 * the words, shared by the server and the browser.
 */
import { GAME_EYE, observerNames, type Observer } from './concealment.js';
import { lightNames } from './shapes.js';
import type { Light } from './vocabulary.js';

/** Ground photos a person may upload in 24 hours unless the site sets otherwise (GROUND_PHOTOS_PER_DAY). */
export const DEFAULT_GROUND_PHOTOS_PER_DAY = 20;
/** A ground photo not kept is removed this many days after its upload. */
export const GROUND_PHOTO_RETENTION_DAYS = 30;

/** Versatility: a design's predicted hiding across photos of other designs from its state. */
export const VERSATILITY = {
  /** Photos sampled per design at most. */
  samplePhotos: 20,
  /** The badge needs at least this many photos, a median of at least `median` and a worst of at least `worst`. */
  minPhotos: 10,
  median: 70,
  worst: 50,
} as const;

export function earnsVersatilityBadge(v: { median: number; worst: number; places: number }): boolean {
  return v.places >= VERSATILITY.minPhotos && v.median >= VERSATILITY.median && v.worst >= VERSATILITY.worst;
}

export const groundText = {
  title: 'Find designs for my ground',
  intro:
    'Drop a photo of the place you hunt or camp, and see every design in the gallery ranked by how well it is predicted to hide there.',
  choosePhoto: 'Choose a photo',
  dropHere: 'or drop it here',
  uploading: 'Uploading your photo...',
  ranking: 'Ranking the designs...',
  refining: 'Refining the top scores...',
  hideFrom: 'Hiding from',
  distance: 'At',
  yourPhotos: 'Your ground photos',
  noPhotos: 'You have not uploaded a ground photo yet.',
  privateNote: 'Only you can see your ground photos. They are never shown in the gallery.',
  expires: (date: string) => `Removed on ${date} unless you keep it.`,
  keptNote: 'Kept until you delete it.',
  keep: 'Keep',
  unkeep: "Don't keep",
  delete: 'Delete',
  deleteConfirm: 'Delete this photo and its rankings?',
  deleted: 'Photo deleted.',
  photoAlt: 'Your ground photo',
  photoNotFound: 'Photo not found.',
  dailyLimit: (n: number) =>
    `You have reached today's limit of ${n} ground photos. Please try again tomorrow.`,
  /** Says what a ranking is: predicted, for whom and how far. */
  rankedFor: (observer: Observer, distance: number, light: Light = 'daylight') =>
    `Ranked by predicted hiding in your photo from ${observerNames[observer].a} at ${distance} m${
      light === 'daylight' ? '' : ` ${lightNames[light].when}`
    }.`,
  howLink: 'How the prediction is made',
  agreement: (share: number, designs: number) =>
    `So far it has ordered ${Math.round(share * 100)}% of pairs of designs as the hide-and-seek game did (${designs} designs).`,
  noAgreementYet: 'The hide-and-seek game has not yet played enough rounds to check it.',
  scoreLabel: 'Predicted hiding in your photo (0-100)',
  estimate: 'estimate',
  estimateNote: 'A quick estimate; the top designs are scored in full.',
  noDesigns: 'No designs match these filters.',
  clear: 'Back to the usual gallery',
  tryTitle: 'How would this hide in my photo?',
  tryIntro: 'Choose a photo of your own ground, or one you uploaded before, to see this design worn there.',
  inYourPhoto: 'In your photo',
  useThisPhoto: 'Use this photo',
  versatilityTitle: 'Beyond its own photo',
  versatility: (median: number, worst: number, places: number) =>
    `Across ${places === 1 ? '1 photo' : `${places} photos`} of other designs from its state, its predicted hiding from ${observerNames[GAME_EYE.observer].a} at ${GAME_EYE.distanceM} m is ${median} (median) and ${worst} at worst.`,
  versatilityPending: 'Not yet measured across other places.',
  versatilityTooFew: (places: number) =>
    places === 0
      ? 'There are no other designs from its state to compare with yet.'
      : `Only ${places === 1 ? '1 other photo' : `${places} other photos`} from its state so far; the badge needs ${VERSATILITY.minPhotos}.`,
  badge: (places: number) => `Works across ${places} places`,
  sortLabel: 'Most versatile',
  signIn: 'Log in to rank the designs for your own ground.',
  logIn: 'Log In',
  /** The earlier photos' heading in a chooser. */
  earlier: 'Or use one you uploaded before',
  /** Under the chooser: the upload's own daily limit. */
  usedToday: (used: number, limit: number) => `${used} of ${limit} uploads used today.`,
  photoFormats: 'JPEG, PNG or WebP.',
  /** The viewer's picture in a ground photo. */
  viewAlt: (observer: Observer, distance: number) =>
    `Your ground photo with a crouching hunter wearing the design at ${distance} m, as ${observerNames[observer].a} sees it.`,
} as const;
