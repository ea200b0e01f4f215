/**
 * Hide and seek (issue 11): a round shows one photo with one target wearing a design; the player
 * taps where they see it. These are the game's rules, shared by the server (which decides) and the
 * page (which says them).
 */
import { SHOWN_PHOTO_MAX_SIDE } from './vocabulary.js';
export const HUNT_TIME_LIMIT_MS = 15_000;
/** Taps sooner than this after the image appeared are faster than a person can find anything. */
export const HUNT_REACTION_FLOOR_MS = 300;
/** A tap this close to the target (a share of the image's longer side) counts as a hit. */
export const HUNT_TAP_TOLERANCE = 0.02;
/** A round not answered within this long after it was served (or created) has expired. */
export const HUNT_ROUND_TTL_MS = HUNT_TIME_LIMIT_MS + 30_000;
/** A design's concealment score is shown (badge, sort) from this many rounds on. */
export const HUNT_MIN_ROUNDS_FOR_SCORE = 20;
/**
 * Misses a round allows: the last of them ends it as not found. Without a limit, taps sprayed over
 * the whole picture find any target (225 of them did in 1.6 s, issue 27); three leave room for an
 * honest second look.
 */
export const HUNT_MAX_MISSES = 3;

/**
 * The least height, in CSS pixels, a target is shown at on the screen a round is played on: about
 * a fingertip (WCAG 2.5.5 asks 44 px of a target to tap; a target to find may be a little smaller).
 */
export const HUNT_MIN_TARGET_CSS_PX = 40;
/** A round's picture is made at the shape of the screen it is played on, within these (width / height). */
export const HUNT_ASPECT_MIN = 0.45;
export const HUNT_ASPECT_MAX = 2.4;
/** The longer side of a round's picture in pixels: sharp on a phone, light to send. */
export const HUNT_PICTURE_MIN = 480;
export const HUNT_PICTURE_MAX = SHOWN_PHOTO_MAX_SIDE;

export const huntMessages = {
  noDesigns: 'You have seen every design there is for now. Come back when the community has made more.',
  roundGone: 'This round has ended. Start a new one.',
  rules: `You have ${HUNT_TIME_LIMIT_MS / 1000} seconds and ${HUNT_MAX_MISSES} misses: the last miss ends the round as not found. Stay on the page: a round whose tab is hidden does not count.`,
  missesLeft: (left: number) =>
    left === 1 ? 'Not there. One miss left.' : `Not there. ${left} misses left.`,
  outOfMisses: `${HUNT_MAX_MISSES} misses: the round is over. It was hiding here.`,
  tabHidden: "This round doesn't count: the tab was hidden while it ran.",
} as const;
