// Renders the Trophy Club seed images (the April-August 2025 winners) with the built-in
// camouflage engine from its fixture photos, so the home page shows what the generator makes:
//   npx tsx apps/server/scripts/render-trophy-seeds.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@camo/camo-engine';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../../../packages/camo-engine/fixtures');
const out = path.resolve(here, '../seed');

const winners = [
  {
    month: '2025-04',
    photo: 'desert',
    variant: 0,
    state: 'AZ',
    description: 'Sonoran desert wash, dry mud and creosote',
  },
  {
    month: '2025-05',
    photo: 'marsh',
    variant: 1,
    state: 'LA',
    description: 'cattails and dune grass at the water line',
  },
  {
    month: '2025-06',
    photo: 'rock',
    variant: 0,
    state: 'CO',
    description: 'granite ridge, lichen and scrub',
  },
  { month: '2025-07', photo: 'grassland', variant: 0, state: 'NV', description: 'high desert sage flat' },
  {
    month: '2025-08',
    photo: 'forest',
    variant: 0,
    state: 'MO',
    description: 'Ozark hardwood timber, oak and hickory',
  },
] as const;

for (const winner of winners) {
  const { data, info } = await sharp(path.join(fixtures, `${winner.photo}.jpg`))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const result = generate({
    photo: { width: info.width, height: info.height, data: new Uint8Array(data) },
    description: winner.description,
    state: winner.state,
    seed: 2025,
  });
  const design = result.designs[winner.variant];
  if (!design) throw new Error(`no design ${winner.variant} for ${winner.photo}`);
  const file = path.join(out, `trophy-${winner.month}.webp`);
  await sharp(design.png).resize(480, 480).webp({ quality: 82 }).toFile(file);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${design.style})`);
}
