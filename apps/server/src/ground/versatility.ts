import { GAME_EYE } from '@camo/shared/concealment';
import { createHash } from 'node:crypto';
import { predictedHiding } from '@camo/camo-engine';
import type { Versatility } from '@camo/shared/concealment.schema';
import { earnsVersatilityBadge, VERSATILITY } from '@camo/shared/ground';
import type { Logger } from 'pino';
import type { ActiveWeights } from '../concealment/prediction-scores.js';
import { loadShownPhoto } from '../engine/shown-photo.js';
import type { Storage } from '../platform/storage.js';
import type { GroundRepository } from './ground.repository.js';
import type { EngineTasks } from '../engine/engine.js';

/** Versatility is judged at the rankings' default eye, the game's (a person at 10 m; decision 018). */
export const VERSATILITY_EYE = GAME_EYE;

/** A card's and a page's versatility, from the design's columns; null until measured. */
export function versatilityOf(row: {
  versatilityMedian?: number;
  versatilityWorst?: number;
  versatilityPlaces?: number;
}): Versatility | undefined {
  if (row.versatilityMedian === undefined) return undefined;
  if (row.versatilityMedian < 0 || row.versatilityWorst === undefined) return null;
  const v = {
    median: Math.round(row.versatilityMedian),
    worst: Math.round(row.versatilityWorst),
    places: row.versatilityPlaces ?? 0,
  };
  return { ...v, badge: earnsVersatilityBadge(v) };
}

/**
 * The photos a design is judged in: those of the other designs of its state, in an order fixed by
 * a hash of the two ids (the same every week while the state's designs are the same), at most
 * VERSATILITY.samplePhotos. Photos shared by several designs count once.
 */
export function versatilitySample<T extends { id: string; photoKey: string | null }>(
  design: { id: string },
  others: T[],
): T[] {
  const seen = new Set<string>();
  return others
    .filter((o) => o.id !== design.id && o.photoKey)
    .map((o) => ({ o, h: createHash('sha1').update(`${design.id}:${o.id}`).digest('hex') }))
    .sort((a, b) => (a.h < b.h ? -1 : 1))
    .map(({ o }) => o)
    .filter((o) => (seen.has(o.photoKey!) ? false : (seen.add(o.photoKey!), true)))
    .slice(0, VERSATILITY.samplePhotos);
}

export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The versatility job of one state: each submitted design's predicted hiding (second pass, deer
 * at 25 m) in the photos of its sample, median and worst. Each photo is decoded once for every
 * design that samples it. Safe to run twice: it writes the same figures.
 */
export async function measureVersatility(deps: {
  state: string;
  /** Only this design (just submitted), judged in its sample; every design of the state otherwise. */
  designId?: string;
  repo: GroundRepository;
  storage: Storage;
  engine: Pick<EngineTasks, 'groundScores'>;
  weights: ActiveWeights;
  log: Pick<Logger, 'warn'>;
}): Promise<number> {
  const { repo, engine, weights } = deps;
  const designs = await repo.stateDesigns(deps.state);
  const byPhoto = new Map<string, typeof designs>();
  const samples = new Map<string, number>();
  const judgedNow = deps.designId ? designs.filter((d) => d.id === deps.designId) : designs;
  for (const design of judgedNow) {
    const sample = versatilitySample(design, designs);
    samples.set(design.id, sample.length);
    for (const other of sample) {
      const list = byPhoto.get(other.photoKey!) ?? [];
      list.push(design);
      byPhoto.set(other.photoKey!, list);
    }
  }
  const scores = new Map<string, number[]>(judgedNow.map((d) => [d.id, []]));
  for (const [photoKey, judged] of byPhoto) {
    try {
      const raster = await loadShownPhoto(deps.storage, photoKey);
      const measures = await engine.groundScores({
        photoId: `env:${photoKey}`,
        ...raster,
        observer: VERSATILITY_EYE.observer,
        distanceM: VERSATILITY_EYE.distanceM,
        tiles: judged.map((d) => ({ png: d.tile, repeatCm: d.repeatCm })),
      });
      judged.forEach((d, i) => {
        const m = measures[i];
        if (m) scores.get(d.id)!.push(predictedHiding(m, weights.weights));
      });
    } catch (error) {
      deps.log.warn({ err: error, photoKey }, 'versatility photo not scored');
    }
  }
  for (const design of judgedNow) {
    const values = scores.get(design.id)!;
    // No photo to judge it in (a state's only design) is measured as none: 0 places, sorted last.
    await repo.setVersatility(design.id, {
      median: values.length ? medianOf(values) : 0,
      worst: values.length ? Math.min(...values) : 0,
      places: values.length,
    });
  }
  return judgedNow.length;
}
