import { readFile } from 'node:fs/promises';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { Worker } from 'node:worker_threads';
import { analyse } from './analysis/analyse.js';
import {
  generateVariant,
  type GenerateInput,
  type GenerateResult,
  type GeneratedDesign,
} from './generate.js';
import type { Photo } from './types.js';

/** Decodes JPEG or PNG bytes into an RGBA photo (Node only; the core takes raw pixels). */
export function decodePhoto(bytes: Uint8Array): Photo {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
    return {
      width: img.width,
      height: img.height,
      data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength),
    };
  }
  if (bytes[0] === 0x89 && bytes[1] === 0x50) {
    const png = decodePng(bytes);
    const n = png.width * png.height;
    const out = new Uint8Array(n * 4);
    const src = png.data;
    const ch = png.channels;
    const pal = png.palette;
    const scale = png.depth === 16 ? 1 / 257 : 1;
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
  throw new Error('unsupported image: expected JPEG or PNG bytes');
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
  return {
    width: png.width,
    height: png.height,
    index: png.data instanceof Uint8Array ? png.data : Uint8Array.from(png.data),
    palette: png.palette.map((c) => [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0]),
  };
}

/**
 * Draws designs A and B at the same time on two threads: the analysis and design A on the
 * calling thread, design B on a worker thread (started once, at construction, so its start-up
 * overlaps whatever the caller does next). The result is byte-identical to generate(). Node only;
 * call close() when done.
 */
export class ParallelGenerator {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (r: { design?: GeneratedDesign; error?: string }) => void>();
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
    this.worker.on(
      'message',
      (m: { ready?: boolean; id?: number; design?: GeneratedDesign; error?: string }) => {
        if (m.ready) started();
        if (m.id === undefined) return;
        const done = this.pending.get(m.id);
        this.pending.delete(m.id);
        done?.(m);
      },
    );
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

  async generate(input: GenerateInput): Promise<GenerateResult> {
    const analysis = analyse(input.photo, {
      description: input.description ?? '',
      state: input.state ?? '',
      county: input.county ?? '',
    });
    await this.ready;
    if (this.gone) throw new Error(this.gone);
    const id = this.next++;
    const b = new Promise<GeneratedDesign>((resolve, reject) => {
      this.pending.set(id, (r) =>
        r.design ? resolve(r.design) : reject(new Error(r.error ?? 'worker failed')),
      );
    });
    // The worker needs only the analysis, toggles and seed: no need to copy the photo across.
    const light: GenerateInput = { ...input, photo: { width: 0, height: 0, data: new Uint8Array(0) } };
    this.worker.postMessage({ id, input: light, analysis, variant: 'B' });
    const a = generateVariant(input, 'A', analysis);
    const design = await b;
    // Structured clone turns the transferred buffer into a plain Uint8Array view already.
    return { analysis, designs: [a, { ...design, png: new Uint8Array(design.png) }] };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
