/**
 * Which designs suit someone's own ground (issue 28, decision 018): any design judged in any photo
 * by the predictor of decision 016, at gallery scale, in two passes.
 *
 * - The **second pass** is the predictor itself over the ground of the photo: the targets stand at
 *   up to nine places on a grid over the photo's lower two thirds that lie wholly on ground (no
 *   sky or water), the measures averaged over them.
 * - The **first pass** estimates the same four measures in microseconds per design from what was
 *   kept of each design once (designFeatures: its colour, texture bands and edges as each
 *   observer sees it at each distance, worn on a flat ground of its own mean colour) and of the
 *   photo once per observer and distance (groundProfile: the surround's colour, the light and the
 *   ground's texture bands at each place, with a flat target). What it cannot see is how the
 *   design's outline meets this particular ground (GabRat is taken from the flat ground).
 */
import { kmeansLab } from '../metrics/kmeans.js';
import type { LightId } from '../vision/illuminants.js';
import type { Lab } from '../color/lab.js';
import type { Photo } from '../types.js';
import { prepareDesign, rgbOf, sceneOf, type RgbRaster, type Scene } from './compose.js';
import { chromaticDifference, cropStats, measureCrop } from './measures.js';
import {
  DISTANCES_M,
  OBSERVERS,
  observerAt,
  observerById,
  seenColour,
  viewGeometry,
  type ObserverId,
} from './observers.js';
import { MEASURE_NAMES, type ConcealmentMeasures } from './model.js';
import { preparePhoto, standAt, tileOriginOf, viewerPlace, type PreparedPhoto } from './placement.js';
import { fillOf, hunter, type Wearing } from './predictor.js';
import type { Placement, Silhouette } from './silhouettes.js';
import { observe, targetCrop, wholeView } from './view.js';

/** The side of the tile kept per design: at the measures' working scale (a target 38 px tall) a 0.75 m repeat spans under 30 px. */
export const FEATURE_TILE_PX = 64;
/** Colours of the palette kept per design (the engine's designs take at most seven). */
const PALETTE_COLOURS = 8;
/** The flat photo a design's own statistics are taken on (a 4:3 phone photo at the engine's scale). */
const FLAT_PHOTO = { width: 1024, height: 768 };
/** L* and chroma scale by about light^(2.2/3) when sRGB values are multiplied by `light` (cube root of a gamma-2.2 power). */
const LIGHT_EXPONENT = 2.2 / 3;

/** What a design looks like to one observer at one distance, worn on a flat ground of its own mean colour. */
export interface SeenDesign {
  /** Mean CIELAB of the target. */
  lab: [number, number, number];
  /** RMS L* per texture band (the target's height over 2, 4, 8); null where finer than resolved. */
  bands: (number | null)[];
  /** GabRat at its outline. */
  gabrat: number;
}

/** What the first pass needs of one design, computed once per image. */
export interface DesignFeatures {
  /** 2: with dawn or dusk's (decision 034); a version 1 design is measured again. */
  version: 2;
  /** The palette in CIELAB with each colour's share of the design, largest first. */
  palette: { lab: [number, number, number]; share: number }[];
  /** Per observer, per distance of DISTANCES_M (same order), in daylight. */
  seen: Record<ObserverId, SeenDesign[]>;
  /** The same at dawn or dusk: each eye in that light (observerAt), the design relit. */
  dusk: Record<ObserverId, SeenDesign[]>;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
const labTuple = (c: Lab): [number, number, number] => [round2(c.L), round2(c.a), round2(c.b)];

/** A design shrunk to FEATURE_TILE_PX by area averaging (it repeats, so the whole design is one tile). */
export function featureTile(design: Photo): RgbRaster {
  const prepared = prepareDesign(design);
  const level =
    prepared.levels.find((l) => l.width <= FEATURE_TILE_PX && l.height <= FEATURE_TILE_PX) ??
    prepared.levels.at(-1)!;
  return { width: level.width, height: level.height, data: level.data };
}

function paletteOf(tile: RgbRaster): DesignFeatures['palette'] {
  const n = tile.width * tile.height;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const c = seenColour(observerById('person'), [
      tile.data[i * 3]!,
      tile.data[i * 3 + 1]!,
      tile.data[i * 3 + 2]!,
    ]);
    L[i] = c.L;
    A[i] = c.a;
    B[i] = c.b;
  }
  return kmeansLab({ L, A, B }, PALETTE_COLOURS, 1)
    .filter((c) => c.share > 0)
    .map((c) => ({ lab: labTuple(c.lab), share: Math.round(c.share * 1000) / 1000 }));
}

/** One uniform photo of a colour. */
function flatPhoto(colour: readonly [number, number, number]): Photo {
  const { width, height } = FLAT_PHOTO;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(colour, i * 3);
  return { width, height, data };
}

/**
 * A design's features (from its image or its feature tile): palette, and for each observer at each
 * distance its colour, texture bands and GabRat worn by the crouching hunter on a flat ground of
 * its own mean colour, at the middle of the photo's foot line.
 */
export function designFeatures(design: Photo, repeatCm?: number): DesignFeatures {
  const tile = design.width <= FEATURE_TILE_PX ? rgbOf(design) : featureTile(design);
  const prepared = prepareDesign(tile, repeatCm);
  const mean: [number, number, number] = [0, 0, 0];
  const n = tile.width * tile.height;
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) mean[c]! += tile.data[i * 3 + c]! / n;
  const scene = sceneOf(flatPhoto(mean.map(Math.round) as [number, number, number]));
  const silhouette = hunter();
  const seenIn = (light: LightId): Record<ObserverId, SeenDesign[]> => {
    const eyes = OBSERVERS.map((o) => observerAt(o.id, light));
    const seen = {} as Record<ObserverId, SeenDesign[]>;
    for (const observer of eyes) seen[observer.id] = [];
    for (const distanceM of DISTANCES_M) {
      const g = viewGeometry(scene.width, scene.height, silhouette.heightM, distanceM);
      const size = Math.max(4, g.targetPx);
      const place: Placement = { x: scene.width / 2, y: scene.height * 0.86 - size / 2, size, rotation: 0 };
      for (const observer of eyes) {
        const crop = targetCrop(scene, { design: prepared }, silhouette, place, [observer], g.pxPerDeg);
        const seenCrop = observe(crop, observer);
        const stats = cropStats(seenCrop);
        seen[observer.id].push({
          lab: labTuple(stats.target),
          bands: stats.targetBands.map((b) => (Number.isNaN(b) ? null : round2(b))),
          gabrat: Math.round(measureCrop(seenCrop).gabrat * 1000) / 1000,
        });
      }
    }
    return seen;
  };
  return { version: 2, palette: paletteOf(tile), seen: seenIn('daylight'), dusk: seenIn('twilight') };
}

/** A photo of someone's ground, prepared once for many designs: the predictor's prepared photo (decision 028). */
export type PreparedGround = PreparedPhoto;

export const prepareGround = preparePhoto;

const NO_MEASURES = (): ConcealmentMeasures => ({
  colourContrast: 0,
  luminanceContrast: 0,
  gabrat: 0,
  textureDifference: 0,
});

/**
 * The second pass at each place: the predictor's four measures of a design worn by the crouching
 * hunter at `distanceM` at each of the ground's places, as `observer` sees them; null when out of
 * range.
 */
function groundMeasuresByPlace(
  ground: PreparedGround,
  design: Wearing,
  observerId: ObserverId,
  distanceM: number,
  worn: Worn = {},
  silhouette: Silhouette = hunter(),
): ConcealmentMeasures[] | null {
  const stand = standAt(ground, silhouette, distanceM);
  if ('outOfRange' in stand) return null;
  const fill = fillOf(design, worn.repeatCm);
  const observer = observerAt(observerId, worn.light ?? 'daylight');
  return stand.samples.map((sample) =>
    measureCrop(
      observe(
        targetCrop(
          stand.scene,
          fill,
          silhouette,
          sample.place,
          [observer],
          stand.pxPerDeg,
          tileOriginOf(sample, silhouette, fill),
        ),
        observer,
      ),
    ),
  );
}

/** The second pass's measures averaged over the ground's places; null when out of range. */
export function groundMeasures(
  ground: PreparedGround,
  design: Wearing,
  observerId: ObserverId,
  distanceM: number,
  worn: Worn = {},
  silhouette: Silhouette = hunter(),
): ConcealmentMeasures | null {
  const each = groundMeasuresByPlace(ground, design, observerId, distanceM, worn, silhouette);
  if (!each) return null;
  const sum = NO_MEASURES();
  for (const m of each) for (const name of MEASURE_NAMES) sum[name] += m[name] / each.length;
  return sum;
}

/** One place of a ground profile. */
interface ProfilePlace {
  /** The surround's mean CIELAB. */
  L: number;
  a: number;
  b: number;
  /** The scene's light over the target's box (its colours are lit by it). */
  light: number;
  /** The ground's RMS L* per band; null where not resolved (the profile is kept as JSON). */
  bands: (number | null)[];
}

/** How a design is worn and seen in a ground photo: its printed repeat (decision 035) and the light (decision 034). */
export interface Worn {
  /** cm; DEFAULT_REPEAT_CM unless told. */
  repeatCm?: number;
  /** Daylight unless told. */
  light?: LightId;
}

/** What the first pass needs of a photo for one observer at one distance in one light. */
export interface GroundProfile {
  observer: ObserverId;
  distanceM: number;
  /** Absent in profiles kept before decision 034's lights: daylight. */
  light?: LightId;
  /** Index into DISTANCES_M of the design statistics to use. */
  distanceIndex: number;
  places: ProfilePlace[];
}

/** The photo's ground at one observer and distance (a flat grey target at each place); null when out of range. */
export function groundProfile(
  ground: PreparedGround,
  observerId: ObserverId,
  distanceM: number,
  light: LightId = 'daylight',
  silhouette: Silhouette = hunter(),
): GroundProfile | null {
  const distanceIndex = DISTANCES_M.indexOf(distanceM);
  if (distanceIndex < 0) throw new RangeError(`distance must be one of ${DISTANCES_M.join(', ')} m`);
  const stand = standAt(ground, silhouette, distanceM);
  if ('outOfRange' in stand) return null;
  const { scene } = stand;
  const observer = observerAt(observerId, light);
  const places = stand.places.map((place): ProfilePlace => {
    const crop = observe(
      targetCrop(scene, { colour: [128, 128, 128] }, silhouette, place, [observer], stand.pxPerDeg),
      observer,
    );
    const stats = cropStats(crop);
    return {
      L: stats.surround.L,
      a: stats.surround.a,
      b: stats.surround.b,
      light: boxLight(scene, place),
      bands: stats.groundBands.map((b) => (Number.isNaN(b) ? null : b)),
    };
  });
  return { observer: observerId, distanceM, light, distanceIndex, places };
}

function boxLight(scene: Scene, place: Placement): number {
  const half = place.size / 2;
  const x0 = Math.max(0, Math.floor(place.x - half / 2));
  const x1 = Math.min(scene.width - 1, Math.ceil(place.x + half / 2));
  const y0 = Math.max(0, Math.floor(place.y - half));
  const y1 = Math.min(scene.height - 1, Math.ceil(place.y + half));
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y += 2)
    for (let x = x0; x <= x1; x += 2) {
      sum += scene.light[y * scene.width + x]!;
      count++;
    }
  return count > 0 ? sum / count : 1;
}

/** The places' mean surround and light: one chromatic difference a design instead of one a place. */
const surroundMeans = new WeakMap<GroundProfile, { surround: Lab; k: number }>();

function surroundMeanOf(profile: GroundProfile): { surround: Lab; k: number } {
  const known = surroundMeans.get(profile);
  if (known) return known;
  const n = profile.places.length;
  const mean = { L: 0, a: 0, b: 0 };
  let k = 0;
  for (const place of profile.places) {
    mean.L += place.L / n;
    mean.a += place.a / n;
    mean.b += place.b / n;
    k += place.light ** LIGHT_EXPONENT / n;
  }
  const made = { surround: mean, k };
  surroundMeans.set(profile, made);
  return made;
}

/**
 * The first pass: the four measures of a design in a ground, estimated from its features and the
 * ground's profile, in about a microsecond (it runs over every design of the gallery). Luminance
 * contrast and texture compare the design (lit as at each place: L*, a*, b* scale by about
 * light^(2.2/3)) with each place's surround and ground, averaged over the places as the second
 * pass averages them; colour contrast, the costly CIEDE2000, compares the design's colour under
 * the places' mean light with their mean surround (once, not once a place); GabRat is the design's
 * on a flat ground.
 */
export function firstPassMeasures(profile: GroundProfile, features: DesignFeatures): ConcealmentMeasures {
  const inLight = profile.light === 'twilight' ? features.dusk : features.seen;
  const seen = inLight[profile.observer][profile.distanceIndex]!;
  const [L, a, b] = seen.lab;
  const count = profile.places.length;
  let luminance = 0;
  let textureSum = 0;
  for (const place of profile.places) {
    const k = place.light ** LIGHT_EXPONENT;
    luminance += Math.abs(L * k - place.L);
    let texture = 0;
    let bands = 0;
    for (let i = 0; i < place.bands.length; i++) {
      const groundBand = place.bands[i];
      const designBand = seen.bands[i];
      if (groundBand === null || groundBand === undefined || designBand === null || designBand === undefined)
        continue;
      texture += Math.abs(designBand * k - groundBand);
      bands++;
    }
    textureSum += bands > 0 ? texture / bands : 0;
  }
  const { surround, k } = surroundMeanOf(profile);
  // The light scales a person's a* and b* with L*; the deer's opponent axis is a ratio, which it leaves.
  const lit = profile.observer === 'deer' ? { L: L * k, a, b } : { L: L * k, a: a * k, b: b * k };
  return {
    colourContrast: chromaticDifference(lit, surround, profile.observer),
    luminanceContrast: luminance / count,
    gabrat: seen.gabrat,
    textureDifference: textureSum / count,
  };
}

/**
 * The viewer in someone's own photo: the photo with the target at the middle of its ground places,
 * as `observer` resolves it at `distanceM` (RGB at the photo's size); null when out of range.
 */
export function groundView(
  ground: PreparedGround,
  design: Wearing,
  observerId: ObserverId,
  distanceM: number,
  worn: Worn = {},
  silhouette: Silhouette = hunter(),
): RgbRaster | null {
  const stand = standAt(ground, silhouette, distanceM);
  if ('outOfRange' in stand) return null;
  return wholeView(
    stand.scene,
    fillOf(design, worn.repeatCm),
    silhouette,
    viewerPlace(stand),
    observerAt(observerId, worn.light ?? 'daylight'),
    stand.pxPerDeg,
  );
}
