import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../test/fixtures.js';
import { mulberry32 } from '../metrics/prng.js';
import { render } from '../design.js';
import { generateVariant } from '../generate.js';
import { decodeIndexedPng, readPhoto } from '../node.js';
import type { Photo } from '../types.js';
import { composeTarget, outline, prepareDesign, rgbOf, sceneOf, type RgbRaster } from './compose.js';
import { attackGuess, flatnessGuess } from './scene-attack.js';
import { sceneRecipe, synthesiseScene } from './scene-synthesis.js';
import { silhouettes, type Placement } from './silhouettes.js';

/** The engine's design A for `photo`, as a 256 px RGB tile: the camouflage the game would show. */
function engineDesign(photo: RgbRaster): Photo {
  const design = generateVariant({ photo, description: '', seed: 7 }, 'A');
  const { width, height, index, palette } = decodeIndexedPng(render(design.recipe, 256));
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(palette[index[i]!]!, i * 3);
  return { width, height, data };
}

function boxOf(placement: Placement, silhouette = silhouettes[0]!) {
  const pts = outline(silhouette, placement);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}
const inside = (b: ReturnType<typeof boxOf>, p: { x: number; y: number }) =>
  p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1;

/** `photo` cut as a naive round would be: a crop, a mirror, a scale and a colour jitter, nothing synthesised. */
function cutFrom(photo: RgbRaster, width: number, height: number, random: () => number): RgbRaster {
  const k = Math.min(photo.width / width, photo.height / height) * (0.75 + random() * 0.15);
  const ox = random() * (photo.width - width * k);
  const oy = random() * (photo.height - height * k);
  const gains = [0.9 + random() * 0.2, 0.9 + random() * 0.2, 0.9 + random() * 0.2];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(photo.width - 1, Math.round(ox + (width - 1 - x) * k));
      const sy = Math.min(photo.height - 1, Math.round(oy + y * k));
      for (let c = 0; c < 3; c++)
        data[(y * width + x) * 3 + c] = Math.min(
          255,
          photo.data[(sy * photo.width + sx) * 3 + c]! * gains[c]!,
        );
    }
  return { width, height, data };
}

describe('hide-and-seek scenes synthesised per round (decision 024)', () => {
  const names = ['forest', 'alpine-trail', 'grassland'];
  const photos: RgbRaster[] = [];
  const designs: ReturnType<typeof prepareDesign>[] = [];
  beforeAll(async () => {
    for (const name of names) photos.push(rgbOf(await readPhoto(`${FIXTURE_DIR}${name}.jpg`)));
    for (const photo of photos) designs.push(prepareDesign(engineDesign(photo)));
  });

  /** A round as the game makes it: a scene of `photo`, a target wearing a camouflage of the photo's colours. */
  function round(photo: RgbRaster, seed: number, scene: RgbRaster | null) {
    const random = mulberry32(seed * 7 + 1);
    const [w, h] = [640, 360];
    const background = scene ?? synthesiseScene(photo, sceneRecipe(seed, w, h, 0.6));
    const size = Math.round(photo.height * 0.6 * (0.14 + random() * 0.12));
    const placement = {
      x: size * 0.6 + random() * (background.width - 1.2 * size),
      y: background.height * 0.35 + random() * (background.height * 0.65 - size * 0.6),
      size,
      rotation: (random() * 2 - 1) * 12,
    };
    const design = designs[photos.indexOf(photo)]!;
    const composed = composeTarget(sceneOf(background), { design }, silhouettes[0]!, placement);
    const picture =
      'camera' in background
        ? (background as ReturnType<typeof synthesiseScene>).camera(composed.data)
        : composed.data;
    return {
      picture: { width: background.width, height: background.height, data: picture },
      box: boxOf(placement),
    };
  }

  it('the same recipe makes the same scene, and another seed another one', () => {
    const a = synthesiseScene(photos[0]!, sceneRecipe(5, 200, 300, 0.4));
    const b = synthesiseScene(photos[0]!, sceneRecipe(5, 200, 300, 0.4));
    const c = synthesiseScene(photos[0]!, sceneRecipe(6, 200, 300, 0.4));
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    expect(Buffer.from(a.data).equals(Buffer.from(c.data))).toBe(false);
  });

  it('lays only the photo’s ground, and says where in the photo each scene pixel came from', () => {
    const scene = synthesiseScene(photos[1]!, sceneRecipe(3, 300, 200, 0.5));
    // alpine-trail's sky is deep blue: no scene pixel is.
    let blue = 0;
    for (let i = 0; i < scene.width * scene.height; i++) {
      const [r, g, b] = [scene.data[i * 3]!, scene.data[i * 3 + 1]!, scene.data[i * 3 + 2]!];
      if (b > 150 && b > r + 40 && b > g + 15) blue++;
    }
    expect(blue / (scene.width * scene.height)).toBeLessThan(0.01);
    const from = scene.sourceOf(150, 150);
    expect(from).not.toBeNull();
    expect(from!.x).toBeGreaterThanOrEqual(0);
    expect(from!.x).toBeLessThan(photos[1]!.width);
    expect(from!.y).toBeGreaterThan(photos[1]!.height * 0.3);
  });

  it('a crop, mirror, scale and colour jitter of the photo give the target away to registration and a diff (the attack works)', () => {
    let found = 0;
    for (const [p, photo] of photos.entries())
      for (let k = 0; k < 3; k++) {
        const seed = p * 10 + k + 1;
        const random = mulberry32(seed);
        const cut = cutFrom(photo, 640, 360, random);
        const { picture, box } = round(photo, seed, cut);
        if (inside(box, attackGuess(picture, photo))) found++;
      }
    // Chance is about 5% a round (the target's box in the picture): five of nine would happen by
    // chance less than once in 100 000 runs.
    expect(found).toBeGreaterThanOrEqual(5);
  });

  it('a synthesised scene does not: against its photo and against another round of the same photo the attack (and a search for flat colour) finds the target no more often than chance', () => {
    let againstPhoto = 0;
    let againstRound = 0;
    let flat = 0;
    let chance = 0;
    let n = 0;
    for (const [p, photo] of photos.entries())
      for (let k = 0; k < 3; k++) {
        const seed = p * 10 + k + 1;
        const { picture, box } = round(photo, seed, null);
        // The other round of the same photo has the same orientation, the attacker's best case.
        const other = round(photo, seed + 2, null);
        const a = attackGuess(picture, photo);
        const b = attackGuess(picture, other.picture);
        if (inside(box, a)) againstPhoto++;
        if (inside(box, b)) againstRound++;
        if (inside(box, flatnessGuess(picture, (box.y1 - box.y0) / 2))) flat++;
        chance += ((box.x1 - box.x0) * (box.y1 - box.y0)) / (picture.width * picture.height);
        n++;
      }
    // Chance: a guess anywhere finds the box with probability its share of the picture (about 5%).
    // Over 9 rounds, three or more hits would happen by chance under 2% of the time.
    expect(chance / n).toBeLessThan(0.1);
    expect(againstPhoto).toBeLessThanOrEqual(2);
    expect(againstRound).toBeLessThanOrEqual(2);
    // Nor does looking for the design's flat colours.
    expect(flat).toBeLessThanOrEqual(2);
  });
});
