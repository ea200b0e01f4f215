import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  asPng,
  asWebp,
  fixturePhoto,
  phonePortraitWithGps,
  twelveMegapixelJpeg,
} from '../../apps/server/test/support/photos.js';

/**
 * Real photo files for the create-flow tests, made at run time from the engine's fixture photos
 * (nothing generated is committed): a phone portrait JPEG with EXIF orientation and GPS, a PNG,
 * a WebP and a 12-megapixel JPEG.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../packages/camo-engine/fixtures');
const OUT = path.join(tmpdir(), `camo-e2e-photos-${process.pid}`);

export const fixturePath = (name: string): string => path.join(FIXTURES, `${name}.jpg`);

async function write(name: string, make: () => Promise<Buffer>): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  writeFileSync(file, await make());
  return file;
}

export async function testPhotos() {
  return {
    phonePortrait: await write('phone-portrait.jpg', () => phonePortraitWithGps(fixturePhoto('forest'))),
    png: await write('marsh.png', () => asPng(fixturePhoto('marsh'))),
    webp: await write('desert.webp', () => asWebp(fixturePhoto('desert'))),
    twelveMegapixel: await write('twelve-mp.jpg', () => twelveMegapixelJpeg(fixturePhoto('rock'))),
    notAnImage: await write('notes.txt', () => Promise.resolve(Buffer.from('not a photo'))),
  };
}
