import { observerNames, type Observer } from '@camo/shared/concealment';

/**
 * Words the ground feature needs that @camo/shared/ground.ts (groundText) does not have yet: to
 * move there with the next shared change. Everything else comes from groundText.
 */
export const groundPendingText = {
  signIn: 'Log in to rank the designs for your own ground.',
  logIn: 'Log In',
  /** The earlier photos' heading in a chooser. */
  earlier: 'Or use one you uploaded before',
  /** Under the chooser: the upload's own daily limit. */
  usedToday: (used: number, limit: number) => `${used} of ${limit} uploads used today.`,
  photoFormats: 'JPEG, PNG or WebP.',
  /** The viewer's picture in a ground photo (concealmentText.viewAlt says "the design's photo"). */
  viewAlt: (observer: Observer, distance: number) =>
    `Your ground photo with a crouching hunter wearing the design at ${distance} m, as ${observerNames[observer].a} sees it.`,
} as const;
