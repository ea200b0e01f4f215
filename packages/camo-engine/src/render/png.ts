import { encode } from 'fast-png';
import type { RenderedTile } from './render.js';

/** Encodes a tile as an 8-bit indexed PNG: exactly the palette colours, no anti-aliasing. */
export function encodeIndexedPng(tile: RenderedTile): Uint8Array {
  return encode(
    {
      width: tile.size,
      height: tile.size,
      data: tile.index,
      channels: 1,
      depth: 8,
      palette: tile.palette.map(([r, g, b]) => [r, g, b]),
    },
    { zlib: { level: 6 } },
  );
}

/** Encodes an RGB buffer as a truecolour PNG (used for contact sheets). */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  return encode({ width, height, data: rgb, channels: 3, depth: 8 });
}
