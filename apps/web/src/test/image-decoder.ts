import { vi } from 'vitest';

const JPEG_START = [0xff, 0xd8, 0xff];

/** A file whose bytes start as a JPEG's do: what the stand-in decoder below takes. */
export function jpegFile(name = 'timber.jpg'): File {
  return new File([new Uint8Array([...JPEG_START, 0xe0]), 'rest'], name, { type: 'image/jpeg' });
}

/**
 * jsdom decodes no pictures: this stands in for the browser's decoder (createImageBitmap), which
 * reads the bytes (here only a JPEG's first three) and never the name or the type. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function stubImageDecoder(): void {
  vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
    const start = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
    if (!JPEG_START.every((byte, index) => start[index] === byte))
      throw new DOMException('undecodable', 'InvalidStateError');
    // A phone photo's size: over the upload's least shorter side, under its pixel limit.
    return { width: 1600, height: 1200, close: () => {} };
  });
}
