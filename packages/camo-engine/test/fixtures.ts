import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPhoto } from '../src/node.js';
import type { Photo } from '../src/types.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/**
 * What a user might type for each fixture photo, and where it was taken (for the context cues):
 * fixtures/context.json, beside the photos, so the server's tests make designs from them alike.
 */
export const FIXTURE_CONTEXT = JSON.parse(
  readFileSync(new URL('../fixtures/context.json', import.meta.url), 'utf8'),
) as Record<string, { description: string; state: string; county: string }>;

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
  'moss-stone': 'Moss on stones',
  'pebble-gravel': 'Pebble gravel',
  'snowy-road': 'Snow over a dark track',
  'snow-rock-ledges': 'Snow on rock ledges',
  'forest-floor-verge': 'Forest floor with a grass verge',
  'dirt-road-verge': 'Dirt road with a green verge',
  'grass-dirt': 'Grass with patches of dirt',
  'snow-forest-floor': 'Snow on the forest floor under spruce',
  'flowering-meadow': 'Meadow in flower',
};

export async function loadFixtures(): Promise<{ name: string; photo: Photo }[]> {
  const names = readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  return Promise.all(
    names.map(async (f) => ({ name: f.replace(/\.jpg$/, ''), photo: await readPhoto(FIXTURE_DIR + f) })),
  );
}
