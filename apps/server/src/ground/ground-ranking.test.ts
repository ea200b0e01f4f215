import { GAME_EYE } from '@camo/shared/concealment';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEIGHTS, defaultToggles, expectedHiddenSeconds, predictedHiding } from '@camo/camo-engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateTask } from '../engine/engine.worker.js';
import {
  groundFeaturesTask,
  groundProfileTask,
  groundScoresTask,
  type GroundPhotoTask,
} from '../engine/ground-tasks.js';
import { decodeForEngine } from '../engine/photo.js';
import { photoRaster } from '../engine/photo-raster.js';
import { createGroundIndex, orderRanking } from './ground-index.js';
import { SECOND_PASS_DESIGNS } from './ground.service.js';

/**
 * Issue 28's acceptance on the engine's fixture photos, through the ranking's own pieces (the
 * engine worker's tasks, the first pass's index, the order shown), without HTTP or a database:
 * with one design made from each photo, a photo ranks its own design in the top two; with designs
 * made from the left half of each photo, the right half ranks the design from the same photo in
 * the top three. At the rankings' default eye (a person at 10 m, decision 018).
 */
const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/camo-engine/fixtures',
);
/** What a user might type for each photo, and where (the engine's fixtures make their designs with it). */
const CONTEXT = JSON.parse(readFileSync(path.join(FIXTURES, 'context.json'), 'utf8')) as Record<
  string,
  { description: string; state: string; county: string }
>;
const names = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.replace(/\.jpg$/, ''))
  .sort();

type Side = 'whole' | 'left' | 'right';

/** Each photo's bytes by side, made once: the whole photo is both a design's source and a ground. */
const madeBytes = new Map<string, Promise<Buffer>>();

function photoBytes(name: string, side: Side): Promise<Buffer> {
  const key = `${name}/${side}`;
  if (!madeBytes.has(key)) madeBytes.set(key, encodePhoto(name, side));
  return madeBytes.get(key)!;
}

async function encodePhoto(name: string, side: Side): Promise<Buffer> {
  const image = sharp(path.join(FIXTURES, `${name}.jpg`)).rotate();
  if (side === 'whole') return image.png().toBuffer();
  const { width = 0, height = 0 } = await sharp(path.join(FIXTURES, `${name}.jpg`)).metadata();
  const half = Math.floor(width / 2);
  return image
    .extract({ left: side === 'left' ? 0 : width - half, top: 0, width: half, height })
    .png()
    .toBuffer();
}

/** A design made from the photo as the create flow makes it: decoded for the engine, design A. */
/** The engine's fixture tests' seed. */
const SEED = 7;

async function designFrom(bytes: Buffer, seed: number, name: string): Promise<Uint8Array> {
  const { rgb, width, height } = await decodeForEngine(bytes);
  const ctx = CONTEXT[name]!;
  return generateTask({
    rgb,
    width,
    height,
    description: ctx.description,
    state: ctx.state,
    stateName: ctx.state,
    county: ctx.county,
    toggles: defaultToggles(),
    variant: 'A',
    seed,
  }).png;
}

/** Each photo's ranking of every design, as the ranking route orders it; the rank of its own design. */
async function ownRanks(designSide: Side, photoSide: Side) {
  const designs = await Promise.all(
    names.map(async (name) => {
      const png = await designFrom(await photoBytes(name, designSide), SEED, name);
      const { features, tile } = await groundFeaturesTask({ png });
      return { designId: name, tile, features };
    }),
  );
  const index = createGroundIndex({
    load: async () =>
      designs.map((d) => ({
        designId: d.designId,
        state: 'OR',
        submittedAt: new Date('2026-11-01T00:00:00Z'),
        features: d.features,
        computedAt: new Date('2026-11-01T00:00:00Z'),
      })),
  });
  const ranks: { name: string; firstPass: number; shown: number }[] = [];
  for (const name of names) {
    const raster = await photoRaster(await photoBytes(name, photoSide));
    const photo: GroundPhotoTask = {
      photoId: `${name}-${photoSide}`,
      data: raster.data,
      width: raster.width,
      height: raster.height,
    };
    const eye = { observer: GAME_EYE.observer, distanceM: GAME_EYE.distanceM };
    const profile = groundProfileTask({ ...photo, ...eye })!;
    const first = await index.rank(profile, DEFAULT_WEIGHTS, {});
    const top = first.slice(0, SECOND_PASS_DESIGNS);
    const measures = await groundScoresTask({
      ...photo,
      ...eye,
      tiles: top.map((e) => ({ png: designs.find((d) => d.designId === e.designId)!.tile, repeatCm: 75 })),
    });
    const refined = new Map(
      top.map((e, i) => {
        const m = measures[i]!;
        return [
          e.designId,
          { hiding: predictedHiding(m, DEFAULT_WEIGHTS), seconds: expectedHiddenSeconds(m, DEFAULT_WEIGHTS) },
        ];
      }),
    );
    const shown = orderRanking(first, refined, SECOND_PASS_DESIGNS);
    ranks.push({
      name,
      firstPass: first.findIndex((e) => e.designId === name) + 1,
      shown: shown.findIndex((e) => e.designId === name) + 1,
    });
  }
  return ranks;
}

describe('ranking the gallery in a photo of my ground (issue 28 acceptance, fixture photos)', () => {
  it('has 16 fixture photos', () => expect(names).toHaveLength(16));

  // The issue's bound. With decision 016's three fixed places the second pass gave 13 of 16 (bark,
  // storm and mountain-meadow put their own design third or fourth, decision 018); with decision
  // 028's places (where each distance puts the target, 9 places with 4 tile phases each) it gives
  // 16 of 16 (2026-11-29: mountain-meadow and storm second, the rest first).
  it('ranks the design made from a photo in its top two for at least 14 of 16 photos', async () => {
    const ranks = await ownRanks('whole', 'whole');
    console.info(
      'own design rank per photo (whole):',
      ranks.map((r) => `${r.name} ${r.shown} (first pass ${r.firstPass})`).join(', '),
    );
    expect(ranks.filter((r) => r.shown <= 2).length).toBeGreaterThanOrEqual(14);
  }, 600_000);

  it("ranks the design made from a photo's left half in the right half's top three for at least 12 of 16", async () => {
    const ranks = await ownRanks('left', 'right');
    console.info(
      'own design rank per photo (halves):',
      ranks.map((r) => `${r.name} ${r.shown} (first pass ${r.firstPass})`).join(', '),
    );
    expect(ranks.filter((r) => r.shown <= 3).length).toBeGreaterThanOrEqual(12);
  }, 600_000);
});
