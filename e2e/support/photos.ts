import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

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
  const forest = readFileSync(fixturePath('forest'));
  return {
    phonePortrait: await write('phone-portrait.jpg', () =>
      sharp(forest)
        .jpeg({ quality: 85 })
        .withExif({
          IFD0: { Make: 'TestPhone', Model: 'Camo 1' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '33/1 26/1 5400/100',
            GPSLongitudeRef: 'W',
            GPSLongitude: '112/1 4/1 1200/100',
          },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    ),
    png: await write('marsh.png', () =>
      sharp(readFileSync(fixturePath('marsh')))
        .png()
        .toBuffer(),
    ),
    webp: await write('desert.webp', () =>
      sharp(readFileSync(fixturePath('desert')))
        .webp()
        .toBuffer(),
    ),
    twelveMegapixel: await write('twelve-mp.jpg', () =>
      sharp(readFileSync(fixturePath('rock')))
        .resize(4000, 3000, { fit: 'fill' })
        .jpeg({ quality: 88 })
        .toBuffer(),
    ),
    notAnImage: await write('notes.txt', () => Promise.resolve(Buffer.from('not a photo'))),
  };
}
