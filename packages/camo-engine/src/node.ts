import { readFile } from 'node:fs/promises';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { Worker } from 'node:worker_threads';
import { analyse } from './analysis/analyse.js';
import { DESIGN_SIZE } from './design.js';
import { firstRecipe, generateVariant, scoresCandidates } from './generate.js';
import type { GenerateInput, GenerateResult, GeneratedDesign } from './generate-types.js';
import { layerCosts, layerGrids, type RenderReuse } from './render/layer-fields.js';
import type { Photo } from './types.js';
import { ENGINE_PHOTO_MAX_SIDE } from '@camo/shared/vocabulary';

/**
 * Photos of at most this many pixels are decoded in JavaScript (jpeg-js, fast-png); larger ones,
 * and every other format, by sharp. Loading libvips costs about 0.15 s, more than jpeg-js takes
 * on a photo of this size; jpeg-js takes 1.5 s on a 12-megapixel phone photo, which sharp
 * decodes already shrunk (JPEG shrink-on-load) in well under 0.1 s.
 */
const JS_DECODE_MAX_PIXELS = 1_100_000;
/** sharp shrinks a larger photo to this longest side, as the site's upload pipeline does. */
export const PHOTO_MAX_SIDE = ENGINE_PHOTO_MAX_SIDE;

/**
 * Decodes photo bytes into RGBA pixels (Node only; the core takes raw pixels). Small JPEG and
 * PNG photos are decoded as they are; larger ones, and WebP, AVIF, TIFF and the rest, go through
 * sharp: EXIF orientation applied, sRGB, at most PHOTO_MAX_SIDE on the longest side.
 */
export async function decodePhoto(bytes: Uint8Array): Promise<Photo> {
  return decodeSmall(bytes) ?? (await decodeWithSharp(bytes));
}

/** The photo decoded in JavaScript, or null when it is large or neither JPEG nor PNG. */
function decodeSmall(bytes: Uint8Array): Photo | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    try {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxMemoryUsageInMB: 1024,
        // Checked on the frame header, before any scan is decoded.
        maxResolutionInMP: JS_DECODE_MAX_PIXELS / 1e6,
      });
      return {
        width: img.width,
        height: img.height,
        data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength),
      };
    } catch (e) {
      if (e instanceof Error && e.message.includes('maxResolutionInMP')) return null;
      throw e;
    }
  }
  // A PNG's size is the first thing in its first chunk (IHDR): width and height, 4 bytes each.
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes.length >= 24;
  if (!isPng) return null;
  const header = new DataView(bytes.buffer, bytes.byteOffset + 16, 8);
  if (header.getUint32(0) * header.getUint32(4) > JS_DECODE_MAX_PIXELS) return null;
  return rgbaFromPng(decodePng(bytes));
}

async function decodeWithSharp(bytes: Uint8Array): Promise<Photo> {
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .ensureAlpha(1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch (e) {
    throw new Error(`unsupported or damaged image: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function rgbaFromPng(png: ReturnType<typeof decodePng>): Photo {
  const n = png.width * png.height;
  const out = new Uint8Array(n * 4);
  const ch = png.channels;
  // Below 8 bits (a palette or grey of 1, 2 or 4 bits) the samples come packed: one a byte here.
  const packed = png.depth < 8 && ch === 1;
  const src = packed ? unpackIndices(Uint8Array.from(png.data), png.width, png.height, png.depth) : png.data;
  const pal = png.palette;
  const scale = png.depth === 16 ? 1 / 257 : packed && !pal ? 255 / ((1 << png.depth) - 1) : 1;
  for (let i = 0; i < n; i++) {
    if (pal) {
      const c = pal[src[i] ?? 0] ?? [0, 0, 0];
      out[i * 4] = c[0] ?? 0;
      out[i * 4 + 1] = c[1] ?? 0;
      out[i * 4 + 2] = c[2] ?? 0;
    } else if (ch >= 3) {
      out[i * 4] = Math.round((src[i * ch] ?? 0) * scale);
      out[i * 4 + 1] = Math.round((src[i * ch + 1] ?? 0) * scale);
      out[i * 4 + 2] = Math.round((src[i * ch + 2] ?? 0) * scale);
    } else {
      const g = Math.round((src[i * ch] ?? 0) * scale);
      out[i * 4] = g;
      out[i * 4 + 1] = g;
      out[i * 4 + 2] = g;
    }
    out[i * 4 + 3] = 255;
  }
  return { width: png.width, height: png.height, data: out };
}

export async function readPhoto(path: string): Promise<Photo> {
  return decodePhoto(new Uint8Array(await readFile(path)));
}

/** Decodes a PNG produced by the engine into palette indices and palette. */
export function decodeIndexedPng(bytes: Uint8Array): {
  width: number;
  height: number;
  index: Uint8Array;
  palette: [number, number, number][];
} {
  const png = decodePng(bytes);
  if (!png.palette || png.channels !== 1) throw new Error('not an indexed PNG');
  const data = png.data instanceof Uint8Array ? png.data : Uint8Array.from(png.data);
  return {
    width: png.width,
    height: png.height,
    index: png.depth === 8 ? data : unpackIndices(data, png.width, png.height, png.depth),
    palette: png.palette.map((c) => [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0]),
  };
}

/** Indices of `depth` bits (1, 2 or 4), packed from the high bits and each row whole bytes, one a byte. */
function unpackIndices(data: Uint8Array, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const perByte = 8 / depth;
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const byte = data[y * rowBytes + Math.floor(x / perByte)] ?? 0;
      out[y * width + x] = (byte >> (8 - depth * ((x % perByte) + 1))) & mask;
    }
  return out;
}

/** Replies of the variant worker (bin/variant-worker.mjs). */
interface WorkerReply {
  ready?: boolean;
  id?: number;
  design?: GeneratedDesign;
  grids?: Float32Array[];
  error?: string;
}

/**
 * The worker's part of design A's first layer fields, in noise octaves (each a pass over the
 * field grid). Design A (organic) costs about twice design B (digital, on a coarser grid): with
 * this part on the worker before B, both threads finish at about the same time.
 */
const WORKER_FIELD_SHARE = 0.55;

/** The layers whose fields the worker computes: largest first, up to WORKER_FIELD_SHARE of the cost. */
export function workerLayers(costs: readonly number[], share = WORKER_FIELD_SHARE): number[] {
  const total = costs.reduce((a, c) => a + c, 0);
  const order = costs.map((c, k) => ({ c, k })).filter((x) => x.c > 0);
  order.sort((x, y) => y.c - x.c || x.k - y.k);
  const out: number[] = [];
  let taken = 0;
  for (const { c, k } of order) {
    if (taken + c > share * total) continue;
    out.push(k);
    taken += c;
  }
  return out.sort((a, b) => a - b);
}

/**
 * Draws designs A and B at the same time on two threads: the analysis and design A on the
 * calling thread, design B on a worker thread (started once, at construction, so its start-up
 * overlaps whatever the caller does next). Before B, the worker also computes part of the layer
 * fields of A's first render while this thread computes the rest. The result is byte-identical
 * to generate(). Node only; call close() when done.
 */
export class ParallelGenerator {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (r: WorkerReply) => void>();
  private next = 1;
  private readonly ready: Promise<void>;
  /** Why the worker is no longer there (it failed, exited or was closed), once it is not. */
  private gone: string | null = null;

  constructor() {
    this.worker = new Worker(new URL('../bin/variant-worker.mjs', import.meta.url));
    let started: () => void = () => undefined;
    let failed: (e: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    // Nothing waits on `ready` until generate(), which reports a start-up failure.
    this.ready.catch(() => undefined);
    this.worker.on('message', (m: WorkerReply) => {
      if (m.ready) started();
      if (m.id === undefined) return;
      const done = this.pending.get(m.id);
      this.pending.delete(m.id);
      done?.(m);
    });
    // A worker that dies (an exception outside a job, out of memory, close()) fails whatever it
    // still owed and every later call, so generate() rejects instead of waiting for ever.
    const end = (why: string): void => {
      this.gone ??= why;
      failed(new Error(this.gone));
      for (const done of this.pending.values()) done({ error: this.gone });
      this.pending.clear();
    };
    this.worker.on('error', (e: Error) => end(`worker failed: ${e.message}`));
    this.worker.on('exit', (code: number) => end(`worker exited with code ${code}`));
  }

  /** Posts a job to the worker; resolves with its reply, rejects with its error. */
  private call(job: Record<string, unknown>): Promise<WorkerReply> {
    if (this.gone) return Promise.reject(new Error(this.gone));
    const id = this.next++;
    const reply = new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, (r) => (r.error === undefined ? resolve(r) : reject(new Error(r.error))));
    });
    this.worker.postMessage({ ...job, id });
    return reply;
  }

  async generate(input: GenerateInput): Promise<GenerateResult> {
    const analysis = analyse(input.photo, {
      description: input.description ?? '',
      state: input.state ?? '',
      stateName: input.stateName ?? '',
      county: input.county ?? '',
      ...(input.palette ? { palette: input.palette } : {}),
    });
    await this.ready;
    if (this.gone) throw new Error(this.gone);
    if (scoresCandidates(input, analysis)) {
      // Each thread ranks its own style's candidates in the photo (the worker needs the photo
      // then), and draws the one kept: B on the worker, A here.
      const b = this.call({ input, analysis, variant: 'B' });
      b.catch(() => undefined);
      const a = generateVariant(input, 'A', analysis);
      const design = (await b).design;
      if (!design) throw new Error('worker sent no design');
      return { analysis, designs: [a, { ...design, png: new Uint8Array(design.png) }] };
    }
    const recipeA = firstRecipe(input, 'A', analysis);
    const costs = layerCosts(recipeA);
    const theirs = workerLayers(costs);
    const mine = costs.map((c, k) => (c > 0 && !theirs.includes(k) ? k : -1)).filter((k) => k >= 0);
    // The worker takes jobs in order: its part of A's fields, then design B. It needs only the
    // analysis, toggles and seed: no need to copy the photo across.
    const fields = this.call({ grids: theirs, recipe: recipeA });
    const light: GenerateInput = { ...input, photo: { width: 0, height: 0, data: new Uint8Array(0) } };
    const b = this.call({ input: light, analysis, variant: 'B' });
    // Both rejections are awaited below; until then an early one must not count as unhandled.
    fields.catch(() => undefined);
    b.catch(() => undefined);
    // The warp computed here is kept for A's renders after this one (the G4 feedback's retries).
    const reuse: RenderReuse = {};
    const own = layerGrids(recipeA, DESIGN_SIZE, mine, reuse);
    const given = (await fields).grids ?? [];
    const firstGrids = own.map((g, k) => (g.length > 0 ? g : (given[k] ?? g)));
    const a = generateVariant(input, 'A', analysis, { firstGrids, reuse });
    const design = (await b).design;
    if (!design) throw new Error('worker sent no design');
    // Structured clone turns the transferred buffer into a plain Uint8Array view already.
    return { analysis, designs: [a, { ...design, png: new Uint8Array(design.png) }] };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
