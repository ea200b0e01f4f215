import { encode } from 'fast-png';
import type { RenderedTile } from './render.js';

/**
 * Encodes a tile as an indexed PNG: exactly the palette colours, no anti-aliasing. Up to 16
 * colours (every design) take four bits a pixel, two pixels a byte: half the bytes to deflate, so
 * about half the encoding time, for a file of the same size.
 */
export function encodeIndexedPng(tile: RenderedTile): Uint8Array {
  const palette = tile.palette.map(([r, g, b]) => [r, g, b]);
  const { size, index } = tile;
  if (palette.length > 16 || size % 2 !== 0)
    return encode(
      { width: size, height: size, data: index, channels: 1, depth: 8, palette },
      { zlib: { level: 6 } },
    );
  const packed = new Uint8Array(index.length >> 1);
  for (let i = 0; i < packed.length; i++) packed[i] = ((index[2 * i] ?? 0) << 4) | (index[2 * i + 1] ?? 0);
  return encode(
    { width: size, height: size, data: packed, channels: 1, depth: 4, palette },
    { zlib: { level: 6 } },
  );
}

/** Encodes an RGB buffer as a truecolour PNG (used for contact sheets). */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  return encode({ width, height, data: rgb, channels: 3, depth: 8 });
}
