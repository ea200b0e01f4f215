import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPhoto } from '../src/node.js';
import type { Photo } from '../src/types.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** What a user might type for each fixture photo, and where it was taken (for the context cues). */
export const FIXTURE_CONTEXT: Record<string, { description: string; state: string; county: string }> = {
  forest: { description: 'Path through a dark spruce forest with ferns', state: 'OR', county: 'Lane' },
  desert: { description: 'Dry cracked mudstone ground in the desert', state: 'NV', county: 'Clark' },
  marsh: { description: 'Reeds and dune grass at the edge of a marsh', state: 'FL', county: 'Levy' },
  snow: { description: 'Snowfield under grey limestone cliffs', state: 'CO', county: 'San Juan' },
  rock: { description: 'Dark basalt cliff with a few shrubs', state: 'WA', county: 'Grant' },
  grassland: { description: 'Open pasture grassland', state: 'KS', county: 'Chase' },
  autumn: { description: 'Autumn leaves on the forest floor', state: 'VT', county: 'Windsor' },
  urban: { description: 'Concrete city building facade', state: 'NY', county: 'New York' },
  'alpine-trail': {
    description: 'Trail through an alpine meadow below rocky peaks',
    state: 'MT',
    county: 'Glacier',
  },
  bark: { description: 'Close-up of mossy tree bark', state: 'WA', county: 'King' },
  cornfield: { description: 'Standing corn, late summer', state: 'IA', county: 'Story' },
  gravel: { description: 'Creek bed gravel', state: 'CO', county: 'Park' },
  'moss-log': { description: 'Mossy log on the forest floor', state: 'OR', county: 'Lincoln' },
  'mountain-meadow': { description: 'Meadow at the edge of autumn woods', state: 'PA', county: 'Centre' },
  storm: { description: 'Prairie road under a storm', state: 'NE', county: 'Custer' },
  'sunset-hill': { description: 'Hilltop at sunset', state: 'TX', county: 'Brewster' },
};

/** The held-out photos (fixtures/held-out/, FIXTURES.md): what a user might type for each. */
export const HELD_OUT_DIR = fileURLToPath(new URL('../fixtures/held-out/', import.meta.url));
export const HELD_OUT_CONTEXT: Record<string, string> = {
  'snow-shrubs': 'Snow under bare shrubs',
  'snow-rocks': 'Snow over dry grass and rocks',
  'leaf-litter-shade': 'Leaf litter in the shade of shrubs',
  'moss-penguin-ground': 'Wet moss with pale specks',
  'star-moss': 'Star moss close up',
  'forget-me-nots': 'Forget-me-nots in grass',
  'snow-patches-grass': 'Patches of snow on green grass',
  'icy-grass': 'Icy snow over grass',
  'mixed-gravel': 'Gravel of mixed colours',
  'snow-dark-rock': 'Snow on dark rock',
};

export async function loadFixtures(): Promise<{ name: string; photo: Photo }[]> {
  const names = readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  return Promise.all(
    names.map(async (f) => ({ name: f.replace(/\.jpg$/, ''), photo: await readPhoto(FIXTURE_DIR + f) })),
  );
}
