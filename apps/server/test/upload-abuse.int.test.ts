import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMessages } from '../src/engine/photo.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 12 / quality rule 7: hostile files at the upload. Each is refused with a clear message or
 * stored as a clean re-encoded still; never a 5xx, never the attacker's bytes kept.
 */
describe('upload abuse', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    client = await signIn(server.origin, { name: 'Upload Abuser', email: 'abuser@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The stored photo of a finished generation, as bytes. */
  const storedPhoto = async (photoId: string): Promise<Buffer> => {
    const generation = await waitForGeneration(client, photoId);
    expect(generation.status).toBe('completed');
    const key = new URL(generation.design!.environmentPhotoUrl!, server.origin).pathname.replace(
      /^\/files\//,
      '',
    );
    return Buffer.from(await server.storage.getBytes(key));
  };

  it('keeps only the picture of a JPEG/ZIP/HTML polyglot', async () => {
    const payload = Buffer.from('PK\u0003\u0004<html><script>alert(document.cookie)</script></html>');
    const started = await upload(client, Buffer.concat([forestJpeg(), payload]));
    expect(started.status).toBe(202);
    const stored = await storedPhoto(started.body.photoId!);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(['png', 'webp']).toContain((await sharp(stored).metadata()).format);
  });

  it('takes the first frame of an animated WebP with many frames', async () => {
    const frames = 120;
    // Each frame differs (the encoder folds identical ones into one).
    const frameList = await Promise.all(
      Array.from({ length: frames }, (_, i) =>
        sharp(forestJpeg())
          .resize(256, 256)
          .modulate({ hue: i * 3 })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frameList, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(frames);
    const started = await upload(client, animated, {}, 'image/webp');
    expect(started.status).toBe(202);
    const meta = await sharp(await storedPhoto(started.body.photoId!)).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([256, 256, 1]);
  });

  it.each([
    ['an AVIF', () => sharp(forestJpeg()).resize(64, 64).avif().toBuffer(), imageMessages.heif],
    [
      'a HEIC (its ftyp box)',
      async () =>
        Buffer.concat([
          Buffer.from([0, 0, 0, 24]),
          Buffer.from('ftypheic\0\0\0\0mif1heic'),
          Buffer.alloc(64),
        ]),
      imageMessages.heif,
    ],
    ['a GIF', () => sharp(forestJpeg()).resize(64, 64).gif().toBuffer(), imageMessages.unsupported],
    ['a TIFF', () => sharp(forestJpeg()).resize(64, 64).tiff().toBuffer(), imageMessages.unsupported],
    [
      'HTML that declares itself a JPEG',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      'Please select a valid image file.',
    ],
    [
      'an SVG with script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
        ),
      imageMessages.unsupported,
    ],
    [
      'a PNG header declaring 100,000 x 100,000 pixels',
      async () => {
        const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
          .png()
          .toBuffer();
        png.writeUInt32BE(100_000, 16);
        png.writeUInt32BE(100_000, 20);
        return png;
      },
      /too many pixels|valid image|damaged/,
    ],
    ['a zero-byte file', async () => Buffer.alloc(0), 'Please select a valid image file.'],
    [
      'a 40 x 30 px photo (nothing can be made from it)',
      () => sharp(forestJpeg()).resize(40, 30, { fit: 'fill' }).jpeg().toBuffer(),
      imageMessages.tooSmall,
    ],
    [
      'a 640 x 199 px strip',
      () => sharp(forestJpeg()).resize(640, 199, { fit: 'fill' }).jpeg().toBuffer(),
      imageMessages.tooSmall,
    ],
    ['half a JPEG', async () => forestJpeg().subarray(0, 3000), imageMessages.damaged],
  ])('refuses %s with a clear message', async (_label, make, message) => {
    const response = await upload(client, await make());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    if (typeof message === 'string') expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
  });
});
