/**
 * Issue engine-fidelity item 4: "bigger blobs" as the site runs it. The server (apps/server
 * generation/engine.worker.ts, designs.service.ts) draws each design with generateVariant from the
 * stored photo scaled to at most 1024 px (photo-image.ts#decodeForEngine), toggles from the form, a
 * seed from a hash of the photo's id (provider.ts#seedOf) and the default candidates; it stores the
 * recipe in a jsonb column (PostgreSQL orders an object's keys by length, then bytes) and edits
 * that recipe on a worker thread. The same recipe, candidates and re-render keep the layout here,
 * so a site edit that redraws a different pattern did not run edit() on the design's own recipe
 * (README, "Edits through the site").
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { edit, generateVariant, renderIndices, type Recipe } from '../src/index.js';
import { patchSizeSpan } from '../src/metrics/components.js';
import { bestMapping, largestPatchOverlaps } from '../src/metrics/layout.js';
import { decodeIndexedPng } from '../src/node.js';
import { FIXTURE_DIR } from './fixtures.js';

/** A value as it comes back from a jsonb column: every object's keys by length, then bytewise. */
function jsonb(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(jsonb);
  if (!v || typeof v !== 'object') return v;
  const keys = Object.keys(v).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, jsonb((v as Record<string, unknown>)[k])]));
}

describe('"bigger blobs" as the site makes it', () => {
  for (const name of ['forest', 'grassland'])
    it(`${name}: the site's recipe (seed from the photo id, 1024 px photo, jsonb) keeps the layout and grows the shapes`, async () => {
      const { data, info } = await sharp(join(FIXTURE_DIR, `${name}.jpg`))
        .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const photo = { width: info.width, height: info.height, data: new Uint8Array(data) };
      const seed = createHash('sha256').update(`photo-${name}`).digest().readUInt32LE(0);
      for (const variant of ['A', 'B'] as const) {
        const d = generateVariant(
          { photo, seed, description: 'a trail', state: 'OR', county: 'Lane', toggles: {} },
          variant,
        );
        const stored = jsonb(JSON.parse(JSON.stringify(d.recipe))) as Recipe;
        const e = edit(stored, 'bigger blobs');
        // The same pixels as from the recipe in memory, and the edited recipe re-renders to them.
        expect(Buffer.from(e.png).equals(Buffer.from(edit(d.recipe, 'bigger blobs').png))).toBe(true);
        const after = decodeIndexedPng(e.png);
        const again = renderIndices(jsonb(JSON.parse(JSON.stringify(e.recipe))) as Recipe, 1024).index;
        expect(Buffer.from(again).equals(Buffer.from(after.index))).toBe(true);
        const before = decodeIndexedPng(d.png);
        const { map } = bestMapping(before.index, after.index);
        const worst = Math.min(
          ...largestPatchOverlaps(before.index, after.index, 1024, map, 64, 16).map((o) => o.overlap),
        );
        expect(worst, `${name} ${variant}`).toBeGreaterThanOrEqual(0.5);
        const grow = patchSizeSpan(after.index, 1024, 1024).p50 / patchSizeSpan(before.index, 1024, 1024).p50;
        expect(grow, `${name} ${variant}`).toBeGreaterThanOrEqual(1.15);
      }
    }, 120_000);
});
