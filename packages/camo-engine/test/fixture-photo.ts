import { readPhoto } from '../src/node.js';
import type { Photo } from '../src/types.js';
import { FIXTURE_DIR } from './fixtures.js';

const photos = new Map<string, Promise<Photo>>();

/**
 * One fixture photo (fixtures/<name>.jpg), decoded the first time a test file asks for it and
 * shared after: the same pixels loadFixtures() gives, without decoding the photos a test does not
 * use, or one it does twice. The engine reads a photo and never writes to it.
 */
export function fixturePhoto(name: string): Promise<Photo> {
  let photo = photos.get(name);
  if (!photo) {
    photo = readPhoto(`${FIXTURE_DIR}${name}.jpg`);
    photos.set(name, photo);
  }
  return photo;
}
