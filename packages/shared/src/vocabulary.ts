/**
 * The words the server, the browser and the engine share about what is seen and drawn (issue 42
 * item 2): the two eyes, the distances they are judged at, the eye the game measures, the eye the
 * pages start from (which is also the eye the engine chooses a layout for), and the nine design
 * toggles. Free of zod and of any import, so the engine may import it: it is the only module of
 * @camo/shared the engine may (eslint.config.js).
 */

export const observers = ['deer', 'person'] as const;
export type Observer = (typeof observers)[number];

/** Viewing distances in metres, for a target of real size (a crouching hunter, about 1 m). */
export const viewingDistances = [10, 25, 50, 100] as const;
export type ViewingDistance = (typeof viewingDistances)[number];

/**
 * The eye the game measures, and so the one the predictor is calibrated on and rankings compare
 * with people: a person, at the nearest of the distances (a round's target is 8-26% of the
 * picture's height, mostly nearer than 10 m at a phone's field of view; 10 m is the closest the
 * predictor scores). "My ground" ranks for it unless asked (decision 018).
 */
export const GAME_EYE = { observer: 'person', distanceM: 10 } as const satisfies {
  observer: Observer;
  distanceM: ViewingDistance;
};

/**
 * The one eye every page starts from until a person chooses another (issue 39: the gallery, the
 * design page and "my ground" share that choice), and the eye the engine judges candidate layouts
 * for when asked to draw several: a deer at 25 m, the animal a hunter hides from at a common bow
 * range. The game's own eye (a person at 10 m, where its measured scores count) is one choice away.
 */
export const DEFAULT_OBSERVER: Observer = 'deer';
export const DEFAULT_DISTANCE: ViewingDistance = 25;

/** The nine design-element toggles of spec §3; all default to false. */
export const designToggleNames = [
  'blobs',
  'contourLines',
  'speckledDots',
  'geometricShapes',
  'organicObjects',
  'highContrast',
  'limitedPalette',
  'outlineStrokes',
  'whiteSpace',
] as const;
export type DesignToggleName = (typeof designToggleNames)[number];
export type DesignToggles = Record<DesignToggleName, boolean>;

/**
 * The two sizes a photo is used at (its longest side, in pixels): as the pages and the game show
 * it (the display rendition, a round's picture, the viewer's), and as the engine analyses it (its
 * statistics need no more). The stored original is larger: the server's own choice.
 */
export const SHOWN_PHOTO_MAX_SIDE = 1280;
export const ENGINE_PHOTO_MAX_SIDE = 1024;

/**
 * The two lights every figure can be had in (issue 43 item 3; decision 034): daylight (D65) and
 * dawn or dusk (civil twilight, the sun 3 degrees below the horizon: the engine's
 * vision/illuminants.ts). Pages start from daylight, the light the game's rounds are played in.
 */
export const lights = ['daylight', 'twilight'] as const;
export type Light = (typeof lights)[number];
export const DEFAULT_LIGHT: Light = 'daylight';
