import {
  expectedHiddenSeconds,
  firstPassMeasures,
  predictedHiding,
  type GroundProfile,
  type PredictorWeights,
} from '@camo/camo-engine';
import type { IndexedDesign } from './ground.repository.js';

/** A design's place in a first-pass ranking. */
export interface FirstPassEntry {
  designId: string;
  /** Predicted hiding (0-100), the first pass's estimate. */
  hiding: number;
  /** Expected seconds hidden: the order, finer than the rounded hiding. */
  seconds: number;
}

export interface RankFilter {
  state?: string;
  year?: number;
  month?: number;
}

/** How long the index trusts what it read before asking for designs measured since. */
const REFRESH_MS = 5_000;
/**
 * Each read goes back this far before the newest time it has seen: a design measured in a
 * transaction that committed after a later one is still found (a few rows are read twice).
 */
const OVERLAP_MS = 120_000;

function matches(design: IndexedDesign, filter: RankFilter): boolean {
  if (filter.state && design.state !== filter.state) return false;
  // The gallery's filters, in UTC (gallery.repository.ts#utcRange).
  if (filter.year && design.submittedAt.getUTCFullYear() !== filter.year) return false;
  if (filter.month && design.submittedAt.getUTCMonth() + 1 !== filter.month) return false;
  return true;
}

/**
 * The first pass over every submitted design (issue 28), in this process's memory: each design's
 * features are read once, and then only those computed since, so ranking a photo reads nothing
 * per design from the database. A design hidden or removed since stays here until the process
 * restarts; the page it would appear on drops it (the cards are read as the gallery reads them).
 */
export function createGroundIndex(deps: {
  load: (since: Date) => Promise<IndexedDesign[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const byId = new Map<string, IndexedDesign>();
  let loadedUntil = new Date(0);
  let checkedAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    const rows = await deps.load(new Date(loadedUntil.getTime() - OVERLAP_MS));
    for (const row of rows) {
      byId.set(row.designId, row);
      if (row.computedAt > loadedUntil) loadedUntil = row.computedAt;
    }
    checkedAt = now();
  }

  async function fresh(): Promise<void> {
    if (now() - checkedAt < REFRESH_MS) return;
    loading ??= load().finally(() => {
      loading = null;
    });
    await loading;
  }

  return {
    /** Every design matching the filter, best first by the first pass. */
    async rank(
      profile: GroundProfile,
      weights: PredictorWeights,
      filter: RankFilter,
    ): Promise<FirstPassEntry[]> {
      await fresh();
      const out: FirstPassEntry[] = [];
      for (const design of byId.values()) {
        if (!matches(design, filter)) continue;
        const measures = firstPassMeasures(profile, design.features);
        out.push({
          designId: design.designId,
          hiding: predictedHiding(measures, weights),
          seconds: expectedHiddenSeconds(measures, weights),
        });
      }
      return out.sort((a, b) => b.seconds - a.seconds || (a.designId < b.designId ? -1 : 1));
    },

    /** Reads what is not yet in memory (at start, so the first ranking does not wait for it). */
    warm: (): Promise<void> => fresh(),

    /** A design's features were just stored in this process: read them at the next ranking. */
    invalidate(): void {
      checkedAt = -Infinity;
    },

    get size(): number {
      return byId.size;
    },
  };
}

export type GroundIndex = ReturnType<typeof createGroundIndex>;

/** A design's place in a ranking as shown: its figure and whether the full predictor made it. */
export interface RankedDesign {
  designId: string;
  ground: { hiding: number | null; refined: boolean };
  /** Expected seconds hidden (the order); -1 when out of range. */
  seconds: number;
}

/**
 * The ranking shown (issue 28): the first pass's best `secondPass` designs ordered by their full
 * scores where the second pass has made them (the first pass's estimate until then), then the rest
 * in first-pass order. Ties go to the smaller id, so pages never repeat or skip a design.
 */
export function orderRanking(
  first: FirstPassEntry[],
  refined: ReadonlyMap<string, { hiding: number | null; seconds: number }>,
  secondPass: number,
): RankedDesign[] {
  const entry = (e: FirstPassEntry): RankedDesign => {
    const full = refined.get(e.designId);
    return full
      ? { designId: e.designId, ground: { hiding: full.hiding, refined: true }, seconds: full.seconds }
      : { designId: e.designId, ground: { hiding: e.hiding, refined: false }, seconds: e.seconds };
  };
  return [
    ...first
      .slice(0, secondPass)
      .map(entry)
      .sort((a, b) => b.seconds - a.seconds || (a.designId < b.designId ? -1 : 1)),
    ...first.slice(secondPass).map(entry),
  ];
}
