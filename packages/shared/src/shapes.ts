/**
 * A design's shapes at a distance (issue 43 items 4 and 5; decisions 033 and 034): how big its
 * small, middle and large shapes are when printed at its repeat, and how far away each blends into
 * its neighbours for each eye in each light. The words are here so the engine's sentence and the
 * page's are one; zod-free and importing only the vocabulary, so the engine may import it.
 */
import type { Light, Observer } from './vocabulary.js';

/** The repeat every design is printed at unless told: a 75 cm tile, about the width of a jacket's back. */
export const DEFAULT_REPEAT_CM = 75;
/**
 * The repeats an owner may choose when submitting (decision 035): from 20 cm, a cap's panel, to
 * 200 cm, a blind's or a truck's side.
 */
export const REPEAT_CM_MIN = 20;
export const REPEAT_CM_MAX = 200;

/** Whether `cm` is a repeat an owner may choose: whole centimetres within the bounds. */
export const isRepeatCm = (cm: number): boolean =>
  Number.isInteger(cm) && cm >= REPEAT_CM_MIN && cm <= REPEAT_CM_MAX;

/** The pixels per inch an image `px` wide prints at when one tile is `repeatCm` wide (whole pixels). */
export const pixelsPerInch = (px: number, repeatCm: number): number => Math.round(px / (repeatCm / 2.54));

/** Blend distances past this are said as "beyond 200 m". */
export const BLEND_CAP_M = 200;

export const sizeClasses = ['small', 'middle', 'large'] as const;
export type SizeClass = (typeof sizeClasses)[number];

/** One size class: its shapes' width, and the distance beyond which they blend (null: beyond BLEND_CAP_M; 0: never apart). */
export interface ShapeClassFigure {
  widthCm: number;
  blendM: number | null;
}

export const lightNames: Record<Light, { label: string; when: string }> = {
  daylight: { label: 'Daylight', when: 'in daylight' },
  twilight: { label: 'Dawn or dusk', when: 'at dawn or dusk' },
};

const who: Record<Observer, string> = { deer: 'a deer', person: 'a person' };

const fmtCm = (cm: number): string => (cm < 10 ? `${Math.round(cm * 2) / 2}` : `${Math.round(cm)}`);
const fmtM = (m: number): string => (m < 20 ? `${Math.round(m)}` : `${Math.round(m / 5) * 5}`);

function clause(c: ShapeClassFigure, name: string): string {
  const what = `the ${name} shapes (about ${fmtCm(c.widthCm)} cm)`;
  if (c.blendM === 0) return `${what} are too alike to stand apart at any distance`;
  if (c.blendM === null) return `${what} stay apart beyond ${BLEND_CAP_M} m`;
  return `${what} blend beyond ${fmtM(c.blendM)} m`;
}

/**
 * The sentence, e.g. "To a deer at dawn or dusk, the small shapes (about 2 cm) blend beyond 8 m;
 * the middle and large shapes (about 40 cm) blend beyond 150 m." Neighbouring classes within 10 %
 * of one another's width are named together (the first one's figures).
 */
export function shapesSentence(
  observer: Observer,
  light: Light,
  classes: Readonly<Record<SizeClass, ShapeClassFigure>>,
): string {
  const groups: { names: SizeClass[]; c: ShapeClassFigure }[] = [];
  for (const k of sizeClasses) {
    const last = groups[groups.length - 1];
    const c = classes[k];
    if (last && Math.abs(c.widthCm - last.c.widthCm) <= 0.1 * last.c.widthCm) last.names.push(k);
    else groups.push({ names: [k], c });
  }
  const clauses = groups.map((g) => clause(g.c, g.names.join(' and ')));
  return `To ${who[observer]} ${lightNames[light].when}, ${clauses.join('; ')}.`;
}

/** The design page's words about its shapes. */
export const shapesText = {
  title: 'How far its shapes stand apart',
  repeat: (cm: number) => `Printed at a ${cm} cm repeat (one tile of the pattern is ${cm} cm wide).`,
  repeatLabel: 'Printed repeat (cm)',
  repeatHelp: `How wide one tile of the pattern is when printed, from ${REPEAT_CM_MIN} to ${REPEAT_CM_MAX} cm. ${DEFAULT_REPEAT_CM} cm suits a jacket; a smaller repeat makes smaller shapes, which blend nearer. The hiding figures and the shapes are measured at this size.`,
  repeatInvalid: `The printed repeat must be a whole number of centimetres from ${REPEAT_CM_MIN} to ${REPEAT_CM_MAX}.`,
  lightLabel: 'Light',
  explain:
    'A shape blends into its neighbours once it is too small, for its contrast, for the eye to see at that distance. Small shapes break up a hunter close in; large ones still break up the outline far away.',
  assumptions:
    "The deer's figures come from a model of its eye (its acuity and colour cones), not from deer. At dawn or dusk both eyes are assumed to lose what a person's eye loses in that light.",
} as const;
