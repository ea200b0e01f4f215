/**
 * A recipe's palette: the photo's colours with the context cues applied and a shadow tone where
 * quantising lost the photo's L* spread (basePalette), the palette toggles (a limited palette,
 * high contrast, white space), the colour lines are drawn in, and the share-weighted L* figures
 * of a palette.
 */
import type { PhotoAnalysis } from '../analysis/analyse.js';
import { CUES } from '../analysis/context.js';
import { hexToRgb, labToRgb, quantiseLab, rgbToHex, rgbToLab, type Lab } from '../color/lab.js';
import { colourName } from '../color/names.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import type { DesignToggles } from '../types.js';
import type { PaletteEntry } from './recipe-types.js';

export function entry(lab: Lab, share: number, role: PaletteEntry['role']): PaletteEntry {
  const q = quantiseLab(lab);
  return { hex: rgbToHex(labToRgb(q)), name: colourName(q), lab: q, share, role };
}

export function weightedMeanL(p: readonly PaletteEntry[]): number {
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  return p.reduce((s, e) => s + e.lab.L * e.share, 0) / tot;
}

export function weightedStdL(p: readonly PaletteEntry[]): number {
  const m = weightedMeanL(p);
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  return Math.sqrt(p.reduce((s, e) => s + e.share * (e.lab.L - m) ** 2, 0) / tot);
}

export function normaliseShares(p: PaletteEntry[]): void {
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  for (const e of p) e.share /= tot;
}

/** The photo palette with context cues applied (a favoured colour's share rises by up to 25 %). */
export function basePalette(analysis: PhotoAnalysis): PaletteEntry[] {
  const kept = analysis.palette.filter((s) => s.share >= 0.01);
  const palette = kept.map((s) => entry(s.lab, s.share, 'photo'));
  const distinct = kept.map((s) => !!s.distinct);
  const photoShares = palette.map((e) => e.share);
  for (const c of analysis.cues) {
    const cue = CUES.find((x) => x.id === c.id);
    if (!cue?.favour) continue;
    const [r, g, b] = hexToRgb(cue.favour);
    const target = rgbToLab(r, g, b);
    let best: PaletteEntry | undefined;
    let bestD = 25;
    for (const e of palette) {
      const d = ciede2000(e.lab, target);
      if (d < bestD) {
        bestD = d;
        best = e;
      }
    }
    if (best) best.share *= 1 + 0.25 * c.strength;
  }
  normaliseShares(palette);
  // Cues together may move at most 4 % of the area away from the photo's proportions (G3).
  const tv = 0.5 * palette.reduce((s, e, i) => s + Math.abs(e.share - (photoShares[i] ?? 0)), 0);
  if (tv > 0.04) {
    const k = 0.04 / tv;
    palette.forEach((e, i) => (e.share = (photoShares[i] ?? 0) + k * (e.share - (photoShares[i] ?? 0))));
  }
  // Quantising the photo to a few colours loses the spread inside each cluster; a small share of
  // a deeper shadow tone restores the photo's L* spread (G3) and gives the pattern depth.
  const photoStd = analysis.stdL;
  // A distinct colour (analysis/ground-palette.ts) is, like a shadow tone, far from the coarser clusterings'
  // centres; G2 allows one such colour, so with a distinct colour the shadow is added only when
  // the L* spread would otherwise fall short of G3's bound.
  const hasDistinct = distinct.some(Boolean);
  if (hasDistinct && weightedStdL(palette) < 0.86 * photoStd) {
    // Both would be needed: the shadow tone wins (G3); the other colours go back to their k = 5
    // shares.
    for (let i = palette.length - 1; i >= 0; i--) if (distinct[i]) palette.splice(i, 1);
    const keptBase = kept.filter((s) => !s.distinct);
    palette.forEach((e, i) => (e.share = keptBase[i]?.baseShare ?? e.share));
    normaliseShares(palette);
  }
  const wantShadow = weightedStdL(palette) < (hasDistinct ? 0.86 : 0.9) * photoStd;
  if (wantShadow && palette.length < 7) {
    const darkest = palette.reduce((a, b) => (b.lab.L < a.lab.L ? b : a));
    const shadow = entry(
      { L: Math.max(3, darkest.lab.L - 12), a: darkest.lab.a * 0.8, b: darkest.lab.b * 0.8 },
      0,
      'shadow',
    );
    let share = 0;
    const meanBefore = weightedMeanL(palette);
    for (
      let step = 0;
      step < 12 && weightedStdL([...palette, { ...shadow, share }]) < 0.92 * photoStd;
      step++
    ) {
      share += 0.01;
    }
    shadow.share = share;
    darkest.share = Math.max(0.01, darkest.share - share * 0.6);
    // Keep the mean L*: give the rest of the shadow's area back from the lightest colour.
    const lightest = palette.reduce((a, b) => (b.lab.L > a.lab.L ? b : a));
    lightest.share = Math.max(0.01, lightest.share - share * 0.4);
    palette.push(shadow);
    normaliseShares(palette);
    const drift = weightedMeanL(palette) - meanBefore;
    if (Math.abs(drift) > 1) {
      lightest.share += (drift < 0 ? 1 : -1) * Math.min(0.03, Math.abs(drift) / 100);
      normaliseShares(palette);
    }
  }
  return palette;
}

export function darkestIndex(p: readonly PaletteEntry[]): number {
  let k = 0;
  p.forEach((e, i) => {
    if (e.lab.L < (p[k]?.lab.L ?? Infinity)) k = i;
  });
  return k;
}

export function lightestIndex(p: readonly PaletteEntry[]): number {
  let k = 0;
  p.forEach((e, i) => {
    if (e.lab.L > (p[k]?.lab.L ?? -Infinity)) k = i;
  });
  return k;
}

/** Merges a palette down to `k` colours (share-weighted k-means on the swatches, deterministic). */
export function mergePalette(p: PaletteEntry[], k: number): PaletteEntry[] {
  let groups = p.map((e) => [e]);
  while (groups.length > k) {
    let bi = 0;
    let bj = 1;
    let bd = Infinity;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = mergeGroup(groups[i] ?? []);
        const b = mergeGroup(groups[j] ?? []);
        // Ward-like cost: merging two big, distant colours costs most.
        const d = (ciede2000(a.lab, b.lab) * (a.share * b.share)) / (a.share + b.share);
        if (d < bd) {
          bd = d;
          bi = i;
          bj = j;
        }
      }
    }
    const merged = [...(groups[bi] ?? []), ...(groups[bj] ?? [])];
    groups = groups.filter((_, i) => i !== bi && i !== bj);
    groups.push(merged);
  }
  return groups.map(mergeGroup).sort((a, b) => b.share - a.share);
}

function mergeGroup(g: PaletteEntry[]): PaletteEntry {
  const share = g.reduce((s, e) => s + e.share, 0) || 1e-9;
  const lab = {
    L: g.reduce((s, e) => s + e.lab.L * e.share, 0) / share,
    a: g.reduce((s, e) => s + e.lab.a * e.share, 0) / share,
    b: g.reduce((s, e) => s + e.lab.b * e.share, 0) / share,
  };
  return entry(lab, share, g.length === 1 ? (g[0]?.role ?? 'photo') : 'photo');
}

export function applyPaletteToggles(palette: PaletteEntry[], toggles: DesignToggles): PaletteEntry[] {
  let p = palette.map((e) => ({ ...e, lab: { ...e.lab } }));
  if (toggles.limitedPalette) p = mergePalette(p, 3);
  if (toggles.highContrast) {
    const m = weightedMeanL(p);
    p = p.map((e) =>
      entry(
        { L: Math.max(3, Math.min(97, m + (e.lab.L - m) * 1.5)), a: e.lab.a * 1.1, b: e.lab.b * 1.1 },
        e.share,
        e.role,
      ),
    );
  }
  if (toggles.whiteSpace) {
    const li = lightestIndex(p);
    const light = p[li];
    if (light) {
      const L = Math.min(94, Math.max(light.lab.L + 14, 80));
      p[li] = entry({ L, a: light.lab.a * 0.5, b: light.lab.b * 0.5 }, Math.max(light.share, 0.4), 'light');
      const rest = p.reduce((s, e, i) => (i === li ? s : s + e.share), 0);
      const target = 1 - (p[li]?.share ?? 0.4);
      p.forEach((e, i) => {
        if (i !== li) e.share = (e.share / (rest || 1)) * target;
      });
    }
  }
  normaliseShares(p);
  return p;
}

/**
 * The colour that contour lines and outlines are drawn in: a new shadow tone darker than the
 * darkest colour, added to `palette`, when lines are wanted and there is room for one; else the
 * darkest colour.
 */
export function lineColourFor(palette: PaletteEntry[], toggles: DesignToggles): number {
  const wantsLine = toggles.contourLines || toggles.outlineStrokes;
  let lineColour = darkestIndex(palette);
  if (wantsLine && palette.length < 7 && !toggles.limitedPalette) {
    const d = palette[lineColour];
    if (d && d.role !== 'shadow') {
      palette.push(entry({ L: Math.max(3, d.lab.L - 14), a: d.lab.a * 0.7, b: d.lab.b * 0.7 }, 0, 'shadow'));
      lineColour = palette.length - 1;
    }
  }
  return lineColour;
}
