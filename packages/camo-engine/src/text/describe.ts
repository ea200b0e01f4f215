import type { PhotoAnalysis } from '../analysis/analyse.js';
import type { Recipe } from '../recipe/recipe-types.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** The heading the technical account of an analysis sits under (the page folds it). */
export const HOW_IT_WAS_MADE = 'How it was made';

function sizeWord(scale: number): string {
  return scale > 1.35 ? 'large' : scale < 0.8 ? 'small' : 'medium';
}

function edgeWord(hurst: number): string {
  return hurst < 0.35 ? 'ragged, fractal' : hurst < 0.7 ? 'irregular' : 'smooth, rounded';
}

/**
 * One paragraph that states the recipe: what an image model would be asked for, and what the
 * engine drew. `stateName` names the recipe's state (the recipe keeps its code).
 */
export function recipePrompt(recipe: Recipe, stateName: string = recipe.context.state): string {
  const colours = recipe.palette.map((p) => `${p.name} ${p.hex} (${pct(p.share)})`).join(', ');
  const s = recipe.shape;
  const style =
    recipe.style === 'digital'
      ? 'digital camouflage of square pixels (128 per tile side) grouped into pixel clusters'
      : `organic camouflage of ${edgeWord(s.hurst)} blobs`;
  const extras: string[] = [];
  const t = recipe.toggles;
  if (t.blobs) extras.push('big rounded blobs');
  if (t.contourLines) extras.push('topographic contour lines');
  if (t.speckledDots) extras.push('speckled dots');
  if (t.geometricShapes) extras.push('straight-edged geometric shards');
  if (t.organicObjects) extras.push('leaf and branch silhouettes');
  if (t.highContrast) extras.push('high contrast');
  if (t.limitedPalette) extras.push('a limited three-colour palette');
  if (t.outlineStrokes) extras.push('dark outline strokes around shapes');
  if (t.whiteSpace) extras.push('open light negative space');
  const stretch =
    s.stretch > 1.15 ? ', elongated vertically' : s.stretch < 0.87 ? ', elongated horizontally' : '';
  return (
    `Seamless tileable ${style}, ${sizeWord(s.scale)} shapes over ${recipe.layers.length} layered sizes${stretch}, ` +
    `flat colours only: ${colours}` +
    (extras.length ? `; with ${extras.join(', ')}` : '') +
    `. Matched to ${recipe.context.description ? `"${recipe.context.description}"` : 'the photo'}` +
    (recipe.context.state
      ? ` in ${recipe.context.county && recipe.context.county !== 'N/A' ? recipe.context.county + ', ' : ''}${stateName}`
      : '') +
    `. Seed ${recipe.seed}.`
  );
}

function textureSentence(a: PhotoAnalysis): string {
  const t = a.texture;
  const slope = t.spectralSlope;
  const busy =
    slope > -2.3
      ? 'busy, fine-grained detail at every scale'
      : slope > -2.9
        ? 'a natural mix of large masses and fine detail'
        : 'large soft masses with little fine detail (blur or smooth surfaces)';
  const edges =
    t.edgeDensity > 0.12
      ? 'many hard edges'
      : t.edgeDensity > 0.04
        ? 'a moderate number of hard edges'
        : 'few hard edges';
  const orient =
    t.orientationStrength > 0.25
      ? t.orientationDeg > 60
        ? 'a clear vertical grain'
        : t.orientationDeg < 30
          ? 'a clear horizontal grain'
          : 'a diagonal grain'
      : 'no dominant direction';
  return (
    `The spectral slope of the photo's lightness is ${slope.toFixed(2)} (log-log), which means ${busy}; ` +
    `${pct(t.edgeDensity)} of pixels sit on ${edges.replace(/^many |^a moderate number of |^few /, '') === edges ? 'edges' : 'strong edges'} (${edges}), ` +
    `and the edges show ${orient} (${t.orientationDeg.toFixed(0)} degrees from horizontal, strength ${t.orientationStrength.toFixed(2)}).`
  );
}

/** What the analysis left out of the photo (sky, water), in words; '' when nothing was. */
export function leftOutSentence(a: PhotoAnalysis): string {
  const g = a.ground;
  if (!g) return '';
  const parts: string[] = [];
  if (g.skyShare >= 0.005) parts.push(`sky, ${pct(g.skyShare)} of the photo, left out`);
  if (g.waterShare >= 0.005)
    parts.push(`sea, lake or distant haze at the horizon, ${pct(g.waterShare)} of the photo, left out`);
  if (!parts.length) return '';
  let s = `Not camouflage ground: ${parts.join('; ')}. A hunter is seen against the ground and the vegetation, never the sky, so palette, shares and texture come from the ground only (${pct(g.groundShare)} of the photo).`;
  if (g.fallback)
    s += ` That leaves almost nothing but sky, so the palette mixes what ground there is with typical ${g.prior ?? 'local'} ground colours (a prior from the state and description).`;
  return s;
}

/** The repeat's size on gear at true scale (the concealment model's, compose.ts). */
const REPEAT_CM = 75;
/** A deer's acuity, cycles per degree (observers.ts): detail under half a cycle merges. */
const DEER_ACUITY_CPD = 5;

/** Centimetres, rounded as a hunter would say them. */
const cm = (x: number): string => `${x >= 10 ? Math.round(x / 5) * 5 : Math.max(1, Math.round(x))} cm`;
/** Metres, rounded as a hunter would say them. */
const metres = (x: number): string => `${x >= 50 ? Math.round(x / 10) * 10 : Math.max(1, Math.round(x))} m`;

/** How far off a deer still resolves a shape `sizeCm` across (half a cycle of its acuity). */
function deerResolvesTo(sizeCm: number): number {
  return sizeCm / 100 / Math.tan(((1 / (2 * DEER_ACUITY_CPD)) * Math.PI) / 180);
}

/**
 * The analysis's opening in a hunter's words (issue 40): the colours and how much of each, the
 * sizes of the shapes on gear and the distances they work at, and why this design differs from the
 * other. The technical account follows under "How it was made".
 */
function plainWords(recipe: Recipe, label: 'A' | 'B'): string[] {
  // Two shades with one name are one colour to a reader.
  const byName = new Map<string, number>();
  for (const p of recipe.palette) byName.set(p.name, (byName.get(p.name) ?? 0) + p.share);
  const colours = [...byName]
    .sort((x, y) => y[1] - x[1])
    .map(([name, share]) => `${name} ${pct(share)}`)
    .join(', ');
  const shapeLayers = recipe.layers.slice(1);
  const periods = shapeLayers.map((l) => Math.min(l.periodX, l.periodY));
  const biggest = REPEAT_CM / (2 * Math.max(1, Math.min(...(periods.length ? periods : [2]))));
  const finest =
    recipe.style === 'digital'
      ? REPEAT_CM / Math.max(1, recipe.cells)
      : Math.max(
          REPEAT_CM / 256,
          ...shapeLayers.map(
            (l) => REPEAT_CM / (2 * Math.max(l.periodX, l.periodY) * 2 ** Math.max(0, l.octaves - 1)),
          ),
        );
  const what = recipe.style === 'digital' ? 'square pixel clusters' : 'rounded, ragged blobs';
  const why =
    recipe.style === 'digital'
      ? `Design ${label} draws the same colours as square pixels: the blocky edges read as texture up close and suit mixed or man-made cover.`
      : `Design ${label} draws the colours as natural, irregular blobs that never line up with each other: they suit brush, timber and grass.`;
  return [
    '### In plain words',
    '',
    `- **Colours:** ${colours}. They are the ground's own colours in your photo, in about the same amounts.`,
    `- **Shapes:** ${what}, printed at the true size of the ${REPEAT_CM} cm repeat from about ${cm(biggest)} across down to about ${cm(Math.min(finest, biggest))}.`,
    `- **Distances:** a deer still makes out the big shapes, which break up a hunter's outline, out to about ${metres(deerResolvesTo(biggest))}; the finest detail merges into its colour beyond about ${metres(deerResolvesTo(Math.min(finest, biggest)))}, where matching the ground's colours does the work.`,
    `- **A and B:** ${why}`,
    '',
  ];
}

/** The designer's note for one design, in Markdown. */
export function markdownAnalysis(a: PhotoAnalysis, recipe: Recipe, label: 'A' | 'B'): string {
  const lines: string[] = [];
  lines.push(`## Design ${label}: ${recipe.style === 'digital' ? 'digital (pixel)' : 'organic'} pattern`, '');
  lines.push(...plainWords(recipe, label));
  lines.push(`### ${HOW_IT_WAS_MADE}`, '');
  lines.push('#### Palette', '');
  lines.push(
    // No swatch images: the page draws a swatch beside every `#rrggbb` code itself, so the
    // analysis never makes a browser load anything from another host.
    '| colour | name | share of ground | share of design | role |',
    '|---|---|---|---|---|',
  );
  const photoShare = new Map(a.palette.map((p) => [p.hex, p.share]));
  for (const p of recipe.palette) {
    const ps = photoShare.get(p.hex);
    lines.push(
      `| \`${p.hex}\` | ${p.name} | ${ps === undefined ? '-' : pct(ps)} | ${pct(p.share)} | ${p.role === 'photo' ? 'from the photo' : p.role === 'shadow' ? 'shadow tone' : 'open ground'} |`,
    );
  }
  lines.push('');
  lines.push(
    (a.ground.fallback
      ? `The colours of what ground the photo shows were clustered in CIELAB (k-means++) and mixed with typical ground colours of the place, and each became a flat colour. `
      : `The colours of the ground in the photo were clustered in CIELAB (k-means++ from several starts, keeping the clustering the other starts agree with best: ${a.palette.length} colours) and every cluster became a flat colour, so the pattern uses what the place actually shows, in the same proportions. `) +
      `Mean lightness L* of the ground is ${a.meanL.toFixed(1)} with a spread of ${a.stdL.toFixed(1)}.`,
    '',
  );
  const left = leftOutSentence(a);
  if (left) lines.push(left, '');
  lines.push('#### Texture', '', textureSentence(a), '');
  if (a.cues.length) {
    lines.push('#### What the description and location changed', '');
    for (const c of a.cues) {
      const src =
        c.source === 'description'
          ? `the description mentions "${c.matched}"`
          : c.source === 'county'
            ? `the county name contains "${c.matched}"`
            : `${c.matched} is typically ${c.id} country (a weak prior)`;
      lines.push(`- ${src}: ${c.note}.`);
    }
    lines.push('');
  }
  lines.push('#### Why this design looks as it does', '');
  const s = recipe.shape;
  if (recipe.style === 'digital') {
    lines.push(
      `Design ${label} redraws the same palette as square pixels (1/128 of the tile). Pixel clusters are built from ${recipe.layers.length - 1} fractal fields at different scales, ` +
        `so large masses break the outline at a distance and single pixels add texture up close. Pixel edges follow the axes, which reads as "digital" and suits man-made or mixed surroundings.`,
    );
  } else {
    lines.push(
      `Design ${label} layers ${recipe.layers.length - 1} fractal shapes over a ${recipe.palette[recipe.layers[0]?.colour ?? 0]?.name ?? 'ground'} ground, ` +
        `each finer than the last, with ${edgeWord(s.hurst)} edges chosen to match the photo's texture (Hurst exponent ${s.hurst.toFixed(2)}). ` +
        `A gentle domain warp bends the shapes so they never line up with the axes, which keeps them reading as natural.`,
    );
  }
  if (s.stretch > 1.15)
    lines.push(
      '',
      `Shapes are stretched vertically (x${s.stretch.toFixed(2)}) to echo upright stems and trunks.`,
    );
  if (s.stretch < 0.87)
    lines.push(
      '',
      `Shapes are stretched horizontally (x${(1 / s.stretch).toFixed(2)}) to echo the level lines of the scene.`,
    );
  lines.push(
    '',
    'The tile repeats seamlessly in both directions and uses only flat colours, so it prints cleanly at any size.',
  );
  if (recipe.edits.length) lines.push('', `Edits applied: ${recipe.edits.map((e) => `"${e}"`).join('; ')}.`);
  return lines.join('\n');
}
