import { rgbToLab, type Lab } from '../color/lab.js';
import { ciede2000 } from './ciede2000.js';
import { patchSizeSpan } from './components.js';
import { axisEnergyShare } from './orientation.js';
import type { PhotoStats } from './photo-stats.js';
import { spectralSlope } from './spectrum.js';
import { wrapJumpRatios } from './tiling.js';

/** A flat-colour design as palette indices plus the palette (RGB triples). */
export interface IndexedImage {
  width: number;
  height: number;
  index: Uint8Array;
  palette: [number, number, number][];
}

export interface DesignMeasures {
  /** G1: distinct RGB values actually used. */
  colours: number;
  /** G2: CIEDE2000 from each >= 5 % photo cluster to its nearest design colour. */
  clusterToDesign: number[];
  clusterToDesignWeightedMean: number;
  /** G2: for each design colour, CIEDE2000 to its nearest photo cluster. */
  designToCluster: number[];
  /** G3 */
  tvDistance: number;
  meanLDiff: number;
  stdLRatio: number;
  /** G4 */
  slope: number;
  slopeDiff: number;
  /** G5 (second part) */
  wrapJump: { x: number; y: number };
  /** G6 */
  patchSpan: number;
  patchP05: number;
  patchP95: number;
  /** G7 */
  axisShare: number;
  designShares: number[];
}

/** Collapses an RGB(A) buffer into palette indices; fails if it holds more than 255 colours. */
export function indexRgb(data: Uint8Array, width: number, height: number, channels: number): IndexedImage {
  const map = new Map<number, number>();
  const palette: [number, number, number][] = [];
  const index = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const o = i * channels;
    const key = ((data[o] ?? 0) << 16) | ((data[o + 1] ?? 0) << 8) | (data[o + 2] ?? 0);
    let k = map.get(key);
    if (k === undefined) {
      k = palette.length;
      if (k > 255) throw new Error('more than 256 colours: not a flat-colour design');
      map.set(key, k);
      palette.push([(key >> 16) & 255, (key >> 8) & 255, key & 255]);
    }
    index[i] = k;
  }
  return { width, height, index, palette };
}

export function indexedToRgb(img: IndexedImage): Uint8Array {
  const out = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.index.length; i++) {
    const c = img.palette[img.index[i] ?? 0] ?? [0, 0, 0];
    out[i * 3] = c[0];
    out[i * 3 + 1] = c[1];
    out[i * 3 + 2] = c[2];
  }
  return out;
}

export function lightnessPlane(img: IndexedImage): Float32Array {
  const lut = img.palette.map(([r, g, b]) => rgbToLab(r, g, b).L);
  const out = new Float32Array(img.index.length);
  for (let i = 0; i < img.index.length; i++) out[i] = lut[img.index[i] ?? 0] ?? 0;
  return out;
}

export interface Coverage {
  clusterToDesign: number[];
  clusterToDesignWeightedMean: number;
  designToCluster: number[];
  tvDistance: number;
}

/**
 * G2 and G3's cluster measures of a design (its used colours and their shares) against one
 * clustering of the photo: the distance from every cluster of at least 5 % to the nearest design
 * colour, the distance from every design colour to the nearest cluster, and the total variation
 * between the design's area per cluster (each design colour given to its nearest cluster) and the
 * photo's.
 */
export function coverage(
  labs: readonly Lab[],
  shares: readonly number[],
  clusters: readonly { lab: Lab; share: number }[],
): Coverage {
  const used = labs.filter((_, k) => (shares[k] ?? 0) > 0);
  const big = clusters.filter((c) => c.share >= 0.05);
  const clusterToDesign = big.map((c) => Math.min(...used.map((d) => ciede2000(c.lab, d))));
  const bigShare = big.reduce((s, c) => s + c.share, 0);
  const clusterToDesignWeightedMean =
    big.reduce((s, c, i) => s + c.share * (clusterToDesign[i] ?? 0), 0) / (bigShare || 1);
  const designToCluster = used.map((d) => Math.min(...clusters.map((c) => ciede2000(c.lab, d))));
  const designPerCluster = new Array<number>(clusters.length).fill(0);
  labs.forEach((d, k) => {
    let best = 0;
    let bestD = Infinity;
    clusters.forEach((c, j) => {
      const dd = ciede2000(c.lab, d);
      if (dd < bestD) {
        bestD = dd;
        best = j;
      }
    });
    designPerCluster[best] = (designPerCluster[best] ?? 0) + (shares[k] ?? 0);
  });
  const tvDistance =
    0.5 * clusters.reduce((s, c, j) => s + Math.abs((designPerCluster[j] ?? 0) - c.share), 0);
  return { clusterToDesign, clusterToDesignWeightedMean, designToCluster, tvDistance };
}

/** The palette (Lab) and area share of each palette entry of an indexed design. */
export function designColours(img: IndexedImage): { labs: Lab[]; shares: number[] } {
  const n = img.width * img.height;
  const counts = new Array<number>(img.palette.length).fill(0);
  for (let i = 0; i < n; i++) counts[img.index[i] ?? 0] = (counts[img.index[i] ?? 0] ?? 0) + 1;
  return { labs: img.palette.map(([r, g, b]) => rgbToLab(r, g, b)), shares: counts.map((c) => c / n) };
}

/** The G2/G3 failures of one coverage (empty if it passes). */
export function failedCoverage(c: Coverage): string[] {
  const f: string[] = [];
  if (c.clusterToDesign.some((d) => d > 3))
    f.push(`G2 cluster->design ${c.clusterToDesign.map((d) => d.toFixed(2)).join(',')}`);
  if (c.clusterToDesignWeightedMean > 1.5)
    f.push(`G2 weighted mean ${c.clusterToDesignWeightedMean.toFixed(2)}`);
  if (c.designToCluster.filter((d) => d > 6).length > 1)
    f.push(`G2 design->cluster ${c.designToCluster.map((d) => d.toFixed(1)).join(',')}`);
  if (c.tvDistance > 0.1) f.push(`G3 TV=${c.tvDistance.toFixed(3)}`);
  return f;
}

/** Computes G1-G7 for one design against the photo's statistics. */
export function measureDesign(img: IndexedImage, photo: PhotoStats): DesignMeasures {
  const n = img.width * img.height;
  const counts = new Array<number>(img.palette.length).fill(0);
  for (let i = 0; i < n; i++) counts[img.index[i] ?? 0] = (counts[img.index[i] ?? 0] ?? 0) + 1;
  const used = img.palette.map((_, k) => (counts[k] ?? 0) > 0);
  const colours = new Set(img.palette.filter((_, k) => used[k]).map((c) => c.join(','))).size;
  const labs: Lab[] = img.palette.map(([r, g, b]) => rgbToLab(r, g, b));
  const shares = counts.map((c) => c / n);

  const { clusterToDesign, clusterToDesignWeightedMean, designToCluster, tvDistance } = coverage(
    labs,
    shares,
    photo.clusters,
  );
  const Lplane = lightnessPlane(img);
  let mean = 0;
  for (const v of Lplane) mean += v;
  mean /= n;
  let v2 = 0;
  for (const v of Lplane) v2 += (v - mean) * (v - mean);
  const std = Math.sqrt(v2 / n);
  const plane = { width: img.width, height: img.height, data: Lplane };
  const slope = spectralSlope(plane);
  const rgb = indexedToRgb(img);
  const span = patchSizeSpan(img.index, img.width, img.height);
  return {
    colours,
    clusterToDesign,
    clusterToDesignWeightedMean,
    designToCluster,
    tvDistance,
    meanLDiff: mean - photo.meanL,
    stdLRatio: std / (photo.stdL || 1),
    slope,
    slopeDiff: slope - photo.slope,
    wrapJump: wrapJumpRatios(rgb, img.width, img.height, 3),
    patchSpan: span.span,
    patchP05: span.p05,
    patchP95: span.p95,
    axisShare: axisEnergyShare(plane),
    designShares: shares,
  };
}

/** The pass/fail reading of G1-G3, G5-G7 for one design (G4 is judged across photos). */
export function failedTargets(m: DesignMeasures, style: 'organic' | 'digital'): string[] {
  const f: string[] = [];
  if (m.colours < 3 || m.colours > 7) f.push(`G1 colours=${m.colours}`);
  if (m.clusterToDesign.some((d) => d > 3))
    f.push(`G2 cluster->design ${m.clusterToDesign.map((d) => d.toFixed(2)).join(',')}`);
  if (m.clusterToDesignWeightedMean > 1.5)
    f.push(`G2 weighted mean ${m.clusterToDesignWeightedMean.toFixed(2)}`);
  if (m.designToCluster.filter((d) => d > 6).length > 1)
    f.push(`G2 design->cluster ${m.designToCluster.map((d) => d.toFixed(1)).join(',')}`);
  if (m.tvDistance > 0.1) f.push(`G3 TV=${m.tvDistance.toFixed(3)}`);
  if (Math.abs(m.meanLDiff) > 2) f.push(`G3 meanL diff=${m.meanLDiff.toFixed(2)}`);
  if (m.stdLRatio < 0.8 || m.stdLRatio > 1.25) f.push(`G3 std ratio=${m.stdLRatio.toFixed(3)}`);
  if (m.wrapJump.x < 0.5 || m.wrapJump.x > 1.5 || m.wrapJump.y < 0.5 || m.wrapJump.y > 1.5)
    f.push(`G5 wrap jump ${m.wrapJump.x.toFixed(2)},${m.wrapJump.y.toFixed(2)}`);
  if (m.patchSpan < 2.5) f.push(`G6 span=${m.patchSpan.toFixed(2)}`);
  if (style === 'organic' && m.axisShare > 0.35) f.push(`G7 organic axis share=${m.axisShare.toFixed(3)}`);
  if (style === 'digital' && m.axisShare < 0.7) f.push(`G7 digital axis share=${m.axisShare.toFixed(3)}`);
  return f;
}
