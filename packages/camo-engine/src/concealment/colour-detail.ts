/**
 * A person's colour detail coarser than their luminance detail (the deer-eye issue's item 2), as
 * S-CIELAB does it (Zhang & Wandell 1997, "A spatial extension of CIELAB for digital color-image
 * reproduction", J Soc Inf Display 5(1): 61-63): the picture in Poirson & Wandell's opponent
 * channels (1993, "Appearance of colored patterns: pattern-color separability", J Opt Soc Am A
 * 10(12): 2458-2470), the red-green and blue-yellow channels each blurred by their fitted sum of
 * Gaussians, and back. The luminance channel is left to the eye's acuity (observers.ts's MTF):
 * S-CIELAB's own luminance filter differs from it mostly by a 7-degree surround, wider than any
 * crop here. Decision 036.
 */
import { LINEAR_SRGB_TO_XYZ } from '../color/lab.js';
import { gaussianBlur } from './compose.js';
import { csfGain, observerById, type Observer } from './observers.js';
import { csfTable, filterTwo, gainTable } from './spatial-filter.js';

/** One Gaussian of a channel's filter: its full width at half maximum in degrees, and its weight. */
interface Lobe {
  fwhmDeg: number;
  weight: number;
}

/**
 * Zhang & Wandell's chromatic filters as their published code gives them (weights normalised to
 * sum to 1; "halfwidths" in degrees of visual angle, which their Gaussian routine takes as the
 * full width at half maximum).
 */
export const SCIELAB_CHROMATIC: Readonly<Record<'redGreen' | 'blueYellow', readonly Lobe[]>> = {
  redGreen: [
    { fwhmDeg: 0.0685, weight: 0.616725 },
    { fwhmDeg: 0.826, weight: 0.383275 },
  ],
  blueYellow: [
    { fwhmDeg: 0.092, weight: 0.567885 },
    { fwhmDeg: 0.6451, weight: 0.432115 },
  ],
};

/** A Gaussian's sigma from its full width at half maximum. */
const FWHM_TO_SIGMA = 1 / (2 * Math.sqrt(2 * Math.LN2));

/** CIE 1931 XYZ to Poirson & Wandell's O1, O2, O3 (after linear sRGB to XYZ, color/lab.ts). */
const XYZ_TO_OPPONENT = [
  [0.279, 0.72, -0.107],
  [-0.449, 0.29, -0.077],
  [0.086, -0.59, 0.501],
] as const;

type M3 = readonly (readonly number[])[];
const times = (a: M3, b: M3): number[][] =>
  a.map((row) => [0, 1, 2].map((j) => row[0]! * b[0]![j]! + row[1]! * b[1]![j]! + row[2]! * b[2]![j]!));
function inverse(m: M3): number[][] {
  const [a, b, c] = m[0]!;
  const [d, e, f] = m[1]!;
  const [g, h, i] = m[2]!;
  const A = e! * i! - f! * h!;
  const B = f! * g! - d! * i!;
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  return [
    [A / det, (c! * h! - b! * i!) / det, (b! * f! - c! * e!) / det],
    [B / det, (a! * i! - c! * g!) / det, (c! * d! - a! * f!) / det],
    [C / det, (b! * g! - a! * h!) / det, (a! * e! - b! * d!) / det],
  ];
}
const TO_OPPONENT = times(XYZ_TO_OPPONENT, LINEAR_SRGB_TO_XYZ);
const FROM_OPPONENT = inverse(TO_OPPONENT);
/**
 * Poirson & Wandell's O2 and O3 are not zero for a grey (D65 white gives O2 -0.22, O3 -0.03 for
 * O1 0.97), so a luminance pattern would leak into them and be blurred as colour. Each is taken
 * here less its grey's share of O1 (`LEAK`), so a grey of any lightness has no colour to blur.
 */
const WHITE = TO_OPPONENT.map((row) => row[0]! + row[1]! + row[2]!);
const LEAK = [0, WHITE[1]! / WHITE[0]!, WHITE[2]! / WHITE[0]!] as const;

/**
 * The linear-sRGB change that moves only one chromatic channel (1 red-green, 2 blue-yellow) by one
 * unit, with O1 and the other channel held: the direction a test grating takes.
 */
export const opponentDirection = (channel: 1 | 2): [number, number, number] => [
  FROM_OPPONENT[0]![channel]!,
  FROM_OPPONENT[1]![channel]!,
  FROM_OPPONENT[2]![channel]!,
];

/** The contrast a channel's filter keeps of a grating of `cpd` cycles a degree (its Fourier transform). */
export function chromaticGain(lobes: readonly Lobe[], cpd: number, scale = 1): number {
  return lobes.reduce((sum, { fwhmDeg, weight }) => {
    const sigma = fwhmDeg * FWHM_TO_SIGMA * scale;
    return sum + weight * Math.exp(-2 * Math.PI ** 2 * sigma ** 2 * cpd ** 2);
  }, 0);
}

function filtered(plane: Float32Array, w: number, h: number, lobes: readonly Lobe[], pxPerDeg: number) {
  const out = new Float32Array(w * h);
  for (const { fwhmDeg, weight } of lobes) {
    const sigma = fwhmDeg * FWHM_TO_SIGMA * pxPerDeg;
    // Under a fifth of a pixel a Gaussian leaves the picture as it is.
    const blurred = sigma < 0.2 ? plane : gaussianBlur(plane, w, h, sigma);
    for (let i = 0; i < out.length; i++) out[i]! += weight * blurred[i]!;
  }
  return out;
}

/**
 * Blurs a person's colour, not their luminance, in place: linear sRGB planes at `pxPerDeg` to the
 * opponent channels, red-green and blue-yellow through S-CIELAB's filters, and back. At dawn or
 * dusk the filters widen by as much as the person's acuity falls (decision 034's assumption for
 * the colour CSF). A deer's one chromatic axis is left as it is (its colour detail is not modelled
 * apart from its luminance detail).
 */
export function filterColourDetail(
  planes: readonly [Float32Array, Float32Array, Float32Array],
  w: number,
  h: number,
  observer: Observer,
  pxPerDeg: number,
): void {
  if (observer.dichromat) return;
  const scale = colourScale(observer);
  const o = toOpponent(planes);
  const rg = filtered(o[1], w, h, SCIELAB_CHROMATIC.redGreen, pxPerDeg * scale);
  const by = filtered(o[2], w, h, SCIELAB_CHROMATIC.blueYellow, pxPerDeg * scale);
  fromOpponent([o[0], rg, by], planes);
}

/**
 * How much wider than a person's in daylight an eye's colour filters are: as much as its acuity is
 * lower (decision 034's assumption at dusk; decision 037's for the deer, whose colour detail has
 * not been measured): 1 for a person in daylight, 1.35 at dusk; 6 for a deer, 8.9 at dusk.
 */
const colourScale = (observer: Observer): number => observerById('person').acuityCpd / observer.acuityCpd;

/** Linear sRGB planes as Poirson & Wandell's channels, the grey's leak taken out of O2 and O3. */
function toOpponent(planes: readonly [Float32Array, Float32Array, Float32Array]) {
  const [r, g, b] = planes;
  const n = r.length;
  const o = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const T = TO_OPPONENT;
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 3; k++) o[k]![i] = T[k]![0]! * r[i]! + T[k]![1]! * g[i]! + T[k]![2]! * b[i]!;
  for (let i = 0; i < n; i++) {
    o[1][i]! -= LEAK[1] * o[0][i]!;
    o[2][i]! -= LEAK[2] * o[0][i]!;
  }
  return o;
}

/** The channels back to linear sRGB planes, in place. */
function fromOpponent(
  o: readonly [Float32Array, Float32Array, Float32Array],
  planes: readonly [Float32Array, Float32Array, Float32Array],
): void {
  const [r, g, b] = planes;
  const F = FROM_OPPONENT;
  for (let i = 0; i < r.length; i++) {
    const q = [o[0][i]!, o[1][i]! + LEAK[1] * o[0][i]!, o[2][i]! + LEAK[2] * o[0][i]!];
    r[i] = F[0]![0]! * q[0]! + F[0]![1]! * q[1]! + F[0]![2]! * q[2]!;
    g[i] = F[1]![0]! * q[0]! + F[1]![1]! * q[1]! + F[1]![2]! * q[2]!;
    b[i] = F[2]![0]! * q[0]! + F[2]![1]! * q[1]! + F[2]![2]! * q[2]!;
  }
}

/**
 * An eye's linear planes (w x h, powers of two) as it sees them at `pxPerDeg`, in place, in one
 * pass through the Fourier domain (decision 037). A person's: the opponent channels, luminance
 * (O1) through the luminance CSF (observers.ts#csfGain), red-green and blue-yellow through
 * S-CIELAB's filters and that CSF too: the same as filterColourDetail then the CSF on all three
 * planes (each is linear), without the direct convolutions, which on a crop 128 px wide cost more
 * than the transforms. A deer's: its luminance catch through its luminance CSF, its two cones
 * (whose ratio is its colour) through that CSF and S-CIELAB's red-green filter widened by
 * colourScale, ASSUMED: the person's colour detail scaled to the deer's acuity.
 */
export function filterSeenByCsf(
  planes: readonly [Float32Array, Float32Array, Float32Array],
  w: number,
  h: number,
  observer: Observer,
  pxPerDeg: number,
): void {
  const scale = colourScale(observer);
  const luminance = csfTable(w, h, observer, 'luminance', pxPerDeg);
  const chromatic = (name: keyof typeof SCIELAB_CHROMATIC) =>
    gainTable(`scielab-csf:${name}:${observer.id}:${observer.light}:${pxPerDeg}`, w, h, (f) => {
      const cpd = f * pxPerDeg;
      return chromaticGain(SCIELAB_CHROMATIC[name], cpd, scale) * csfGain(observer, 'luminance', cpd);
    });
  if (observer.dichromat) {
    const cones = chromatic('redGreen');
    filterTwo(planes[0], planes[1], w, h, cones, cones);
    filterTwo(planes[2], undefined, w, h, luminance, luminance);
    return;
  }
  const o = toOpponent(planes);
  const by = chromatic('blueYellow');
  filterTwo(o[0], o[1], w, h, luminance, chromatic('redGreen'));
  filterTwo(o[2], undefined, w, h, by, by);
  fromOpponent(o, planes);
}
