import { kmeansLab, labToRgb, rgbToLab } from '@camo/camo-engine';
import sharp from 'sharp';

/** The tile size every design has (the engine's, spec's 1024 px). */
export const TILE = 1024;

/** Width of the band where a picture's far edge is faded into its near one to hide the seam. */
const BAND = 128;

/**
 * An image from an outside service made into a design the way the engine's are: a seamless
 * 1024 px tile of a few flat colours. The seam is hidden by the usual cross-fade: the picture is
 * taken 1024 + BAND wide, and its first BAND columns (then rows) fade from what lies just past the
 * tile's far edge into its own, so the last column meets the first as neighbours in the picture;
 * elsewhere the picture is untouched. The colours are then reduced by k-means in CIELAB (the
 * engine's), each pixel to its nearest centre, so every area is one flat colour.
 */
export async function toFlatTile(image: Uint8Array, colours = 5): Promise<Buffer> {
  const S = TILE + BAND;
  const { data: src } = await sharp(image)
    .resize(S, S, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Across: TILE x S.
  const across = new Float32Array(TILE * S * 3);
  for (let y = 0; y < S; y++)
    for (let x = 0; x < TILE; x++) {
      const t = x < BAND ? x / BAND : 1;
      for (let c = 0; c < 3; c++)
        across[(y * TILE + x) * 3 + c] =
          src[(y * S + x) * 3 + c]! * t + (t < 1 ? src[(y * S + x + TILE) * 3 + c]! * (1 - t) : 0);
    }
  // Down: TILE x TILE, in Lab for the clustering.
  const n = TILE * TILE;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  for (let y = 0; y < TILE; y++) {
    const t = y < BAND ? y / BAND : 1;
    for (let x = 0; x < TILE; x++) {
      const rgb = [0, 1, 2].map(
        (c) =>
          across[(y * TILE + x) * 3 + c]! * t +
          (t < 1 ? across[((y + TILE) * TILE + x) * 3 + c]! * (1 - t) : 0),
      ) as [number, number, number];
      const lab = rgbToLab(...rgb);
      const i = y * TILE + x;
      L[i] = lab.L;
      A[i] = lab.a;
      B[i] = lab.b;
    }
  }
  // Centres from every 7th pixel, merged where two are the same colour to the eye (CIEDE < 2
  // as Euclidean Lab distance is close to it there); every pixel to its nearest.
  const sample = (arr: Float32Array) => arr.filter((_, i) => i % 7 === 0);
  const centres: { L: number; a: number; b: number }[] = [];
  for (const { lab } of kmeansLab({ L: sample(L), A: sample(A), B: sample(B) }, colours, 1)) {
    if (!centres.some((c) => Math.hypot(c.L - lab.L, c.a - lab.a, c.b - lab.b) < 2)) centres.push(lab);
  }
  const rgbOf = centres.map((c) => labToRgb(c));
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let k = 0; k < centres.length; k++) {
      const c = centres[k]!;
      const d = (L[i]! - c.L) ** 2 + (A[i]! - c.a) ** 2 + (B[i]! - c.b) ** 2;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    index[i] = best;
  }
  // The tile is seamless everywhere now, so it may be cut open anywhere: cut where the colour
  // changes between neighbours as often as it does on average, as the engine does, so the edge
  // looks like the inside (G5 asks the edge to be neither a seam nor a mirror line).
  const changes = (at: (k: number, j: number) => number) => {
    const counts = new Float64Array(TILE);
    for (let k = 0; k < TILE; k++)
      for (let j = 0; j < TILE; j++) if (at(k, j) !== at((k + TILE - 1) % TILE, j)) counts[k]! += 1;
    const mean = counts.reduce((a, b) => a + b, 0) / TILE;
    let cut = 0;
    for (let k = 1; k < TILE; k++) if (Math.abs(counts[k]! - mean) < Math.abs(counts[cut]! - mean)) cut = k;
    return cut;
  };
  const cutX = changes((x, y) => index[y * TILE + x]!);
  const cutY = changes((y, x) => index[y * TILE + x]!);
  const out = Buffer.alloc(n * 3);
  for (let y = 0; y < TILE; y++)
    for (let x = 0; x < TILE; x++)
      out.set(rgbOf[index[((y + cutY) % TILE) * TILE + ((x + cutX) % TILE)]!]!, (y * TILE + x) * 3);
  return sharp(out, { raw: { width: TILE, height: TILE, channels: 3 } })
    .png({ palette: true, dither: 0 })
    .toBuffer();
}

export interface TileCheck {
  ok: boolean;
  colours: number;
  /** Mean colour jump across the wrap edge over the mean between interior neighbours, per axis. */
  seam: { x: number; y: number };
  problems: string[];
}

/**
 * The engine's own acceptance of a tile (camo-engine.md): G1, 3 to 7 flat colours; G5, the mean
 * colour jump across the wrap edge 0.5 to 1.5 times the mean jump between interior neighbours, on
 * both axes.
 */
export async function checkTile(png: Uint8Array): Promise<TileCheck> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const distinct = new Set<number>();
  for (let i = 0; i < w * h; i++)
    distinct.add((data[i * 3]! << 16) | (data[i * 3 + 1]! << 8) | data[i * 3 + 2]!);
  const jump = (a: number, b: number) =>
    Math.abs(data[a * 3]! - data[b * 3]!) +
    Math.abs(data[a * 3 + 1]! - data[b * 3 + 1]!) +
    Math.abs(data[a * 3 + 2]! - data[b * 3 + 2]!);
  let edgeX = 0;
  let innerX = 0;
  let edgeY = 0;
  let innerY = 0;
  for (let y = 0; y < h; y++) {
    edgeX += jump(y * w + w - 1, y * w);
    for (let x = 0; x < w - 1; x++) innerX += jump(y * w + x, y * w + x + 1);
  }
  for (let x = 0; x < w; x++) {
    edgeY += jump((h - 1) * w + x, x);
    for (let y = 0; y < h - 1; y++) innerY += jump(y * w + x, (y + 1) * w + x);
  }
  const ratio = (edge: number, edges: number, inner: number, inners: number) =>
    inner === 0 ? (edge === 0 ? 1 : Infinity) : edge / edges / (inner / inners);
  const seam = { x: ratio(edgeX, h, innerX, h * (w - 1)), y: ratio(edgeY, w, innerY, w * (h - 1)) };
  const problems: string[] = [];
  if (distinct.size < 3 || distinct.size > 7) problems.push(`${distinct.size} colours (3 to 7 needed)`);
  for (const [axis, r] of Object.entries(seam))
    if (!(r >= 0.5 && r <= 1.5))
      problems.push(`a visible seam across ${axis} (edge jump ${r.toFixed(2)} of the interior's)`);
  return { ok: problems.length === 0, colours: distinct.size, seam, problems };
}
