// Derives the gallery map's SVG paths from the Census state shapes in the us-atlas package and
// writes src/features/gallery/lib/us-map-paths.ts. The browser ships only these precomputed paths,
// never d3-geo or topojson. Run it after upgrading us-atlas or changing the numbers below:
//   node apps/web/scripts/build-us-map.mjs
// src/features/gallery/lib/us-map-paths.test.ts re-derives the paths and compares, so the
// committed file cannot drift from this script.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import { presimplify, simplify, sphericalTriangleArea } from 'topojson-simplify';
import { stateFips } from '../../../packages/shared/scripts/build-counties.mjs';

/** The map's coordinate space; the component reserves this aspect ratio before anything loads. */
export const VIEW_WIDTH = 960;
export const VIEW_HEIGHT = 560;
/** Room kept on the right for the boxes of the small north-eastern states. */
const CALLOUT_GUTTER = 120;
/**
 * Smallest spherical triangle (steradians) a point must span to survive simplification. Shared
 * borders are simplified once for both neighbours, so no gaps open between states.
 */
const MIN_WEIGHT = 2e-6;
/** Islands and slivers smaller than this (square view units) are dropped; a state's largest ring never is. */
const MIN_RING_AREA = 4;

/** States too small to click on a phone-sized map; each also gets a labelled box in the gutter. */
const CALLOUT_STATES = ['VT', 'NH', 'MA', 'RI', 'CT', 'NJ', 'DE', 'MD'];
const CALLOUT_SIZE = 48;
const CALLOUT_GAP = 8;

/** One state's rings as integer points, through a d3 path context. */
function ringCollector() {
  const rings = [];
  let ring = null;
  return {
    rings,
    moveTo(x, y) {
      ring = [[Math.round(x), Math.round(y)]];
      rings.push(ring);
    },
    lineTo(x, y) {
      const point = [Math.round(x), Math.round(y)];
      const last = ring[ring.length - 1];
      if (point[0] !== last[0] || point[1] !== last[1]) ring.push(point);
    },
    closePath() {},
    arc() {},
  };
}

function ringArea(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % ring.length];
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

/** Absolute move, then relative lines: small integers compress well and parse fast. */
function encodeRing(ring) {
  let d = `M${ring[0][0]} ${ring[0][1]}l`;
  const deltas = [];
  for (let i = 1; i < ring.length; i += 1) {
    deltas.push(`${ring[i][0] - ring[i - 1][0]} ${ring[i][1] - ring[i - 1][1]}`);
  }
  // SVG lets a negative number follow another without a separator.
  d += deltas.join(' ').replace(/ -/g, '-');
  return `${d}z`;
}

/**
 * `topology` is us-atlas's states-10m.json. Returns the 50 states (no DC or territories), each
 * as an SVG path and the point its callout line starts from, plus the callout boxes.
 */
export function deriveUsMap(topology) {
  const simplified = simplify(presimplify(topology, sphericalTriangleArea), MIN_WEIGHT);
  const states = feature(simplified, simplified.objects.states).features.filter((f) => stateFips[f.id]);
  if (states.length !== 50) throw new Error(`expected 50 states, found ${states.length}`);
  const projection = geoAlbersUsa().fitExtent(
    [
      [4, 4],
      [VIEW_WIDTH - CALLOUT_GUTTER, VIEW_HEIGHT - 4],
    ],
    { type: 'FeatureCollection', features: states },
  );
  const centroidOf = geoPath(projection);

  const paths = {};
  const anchors = {};
  for (const state of states.sort((a, b) => stateFips[a.id].localeCompare(stateFips[b.id]))) {
    const code = stateFips[state.id];
    const collector = ringCollector();
    geoPath(projection, collector)(state);
    const rings = collector.rings.filter((ring) => ring.length >= 3);
    const largest = Math.max(...rings.map(ringArea));
    const kept = rings.filter((ring) => ringArea(ring) >= Math.min(MIN_RING_AREA, largest));
    paths[code] = kept.map(encodeRing).join('');
    const [x, y] = centroidOf.centroid(state);
    anchors[code] = [Math.round(x), Math.round(y)];
  }

  // The column starts level with the northernmost state and stays inside the view box.
  const column = CALLOUT_STATES.length * (CALLOUT_SIZE + CALLOUT_GAP) - CALLOUT_GAP;
  const top = Math.round(
    Math.min(
      Math.min(...CALLOUT_STATES.map((code) => anchors[code][1])) - CALLOUT_SIZE / 2,
      VIEW_HEIGHT - column - 4,
    ),
  );
  const callouts = {};
  CALLOUT_STATES.forEach((code, index) => {
    callouts[code] = {
      x: VIEW_WIDTH - CALLOUT_SIZE - 4,
      y: top + index * (CALLOUT_SIZE + CALLOUT_GAP),
      size: CALLOUT_SIZE,
      anchor: anchors[code],
    };
  });
  return { paths, callouts };
}

export async function loadTopology() {
  const require = createRequire(import.meta.url);
  return JSON.parse(await readFile(require.resolve('us-atlas/states-10m.json'), 'utf8'));
}

async function main() {
  const { paths, callouts } = deriveUsMap(await loadTopology());
  const target = fileURLToPath(new URL('../src/features/gallery/lib/us-map-paths.ts', import.meta.url));
  const source =
    `// Generated by apps/web/scripts/build-us-map.mjs from us-atlas (Census state shapes, Albers USA). Do not edit.\n` +
    `import type { StateCode } from '@camo/shared/states';\n\n` +
    `export const usMapViewBox = { width: ${VIEW_WIDTH}, height: ${VIEW_HEIGHT} } as const;\n\n` +
    `/** One SVG path per state, in view units. */\n` +
    `export const statePaths: Record<StateCode, string> = ${JSON.stringify(paths)};\n\n` +
    `/** Boxes in the right-hand gutter for states too small to tap; the line runs from \`anchor\` (the state's centroid). */\n` +
    `export const stateCallouts: Partial<Record<StateCode, { x: number; y: number; size: number; anchor: readonly [number, number] }>> = ${JSON.stringify(callouts)};\n`;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(target)) ?? {};
  await writeFile(target, await prettier.format(source, { ...options, filepath: target }));
  const bytes = Buffer.byteLength(await readFile(target, 'utf8'));
  console.log(`wrote ${target}: ${Object.keys(paths).length} states, ${bytes} bytes`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
