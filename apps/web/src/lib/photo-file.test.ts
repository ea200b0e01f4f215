import { generationMessages, uploadLimits, uploadMessages } from '@camo/shared/generation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoProblem } from './photo-file';

/** The browser's decoder, as createImageBitmap answers: a picture of this size, or none. */
function decodesAs(size: { width: number; height: number } | null) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() =>
      size ? Promise.resolve({ ...size, close: () => undefined }) : Promise.reject(new Error('bad')),
    ),
  );
}

const file = (name: string, type: string, bytes = 100) => {
  const f = new File([new Uint8Array(Math.min(bytes, 100))], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

afterEach(() => vi.unstubAllGlobals());

describe('photoProblem: the server’s checks, when a file is chosen, in its words', () => {
  it('takes a photo of a workable size', async () => {
    decodesAs({ width: 1600, height: 1200 });
    expect(await photoProblem(file('ridge.jpg', 'image/jpeg'))).toBeNull();
    decodesAs({ width: uploadLimits.minShortSide, height: 4000 });
    expect(await photoProblem(file('tall.webp', 'image/webp'))).toBeNull();
  });

  it('refuses what is not an image, what the server cannot read, and what does not decode', async () => {
    decodesAs({ width: 1600, height: 1200 });
    expect(await photoProblem(file('notes.txt', 'text/plain'))).toBe(generationMessages.invalidImage);
    expect(await photoProblem(file('IMG_0001.HEIC', ''))).toBe(uploadMessages.heif);
    expect(await photoProblem(file('IMG_0001.heic', 'image/heic'))).toBe(uploadMessages.heif);
    expect(await photoProblem(file('loop.gif', 'image/gif'))).toBe(uploadMessages.unsupported);
    decodesAs(null);
    expect(await photoProblem(file('holiday.jpg', 'image/jpeg'))).toBe(generationMessages.invalidImage);
  });

  it('refuses a file over the size limit before decoding it', async () => {
    decodesAs({ width: 1600, height: 1200 });
    expect(await photoProblem(file('huge.png', 'image/png', 36 * 1024 * 1024))).toBe(uploadMessages.tooLarge);
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('refuses too few pixels on the shorter side, and too many in all', async () => {
    decodesAs({ width: 40, height: 30 });
    expect(await photoProblem(file('thumb.png', 'image/png'))).toBe(uploadMessages.tooSmall);
    decodesAs({ width: 4000, height: uploadLimits.minShortSide - 1 });
    expect(await photoProblem(file('strip.png', 'image/png'))).toBe(uploadMessages.tooSmall);
    decodesAs({ width: 10_000, height: 6_000 });
    expect(await photoProblem(file('pano.jpg', 'image/jpeg'))).toBe(uploadMessages.tooManyPixels);
  });
});
