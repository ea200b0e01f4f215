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

function matches(design: IndexedDesign, filter: RankFilter, hidden: ReadonlySet<string>): boolean {
  if (hidden.has(design.designId)) return false;
  if (filter.state && design.state !== filter.state) return false;
  // The gallery's filters, in UTC (gallery.repository.ts#utcRange).
  if (filter.year && design.submittedAt.getUTCFullYear() !== filter.year) return false;
  if (filter.month && design.submittedAt.getUTCMonth() + 1 !== filter.month) return false;
  return true;
}

/**
 * Which of the designs read are not to be ranked now (ground.repository.ts): those a moderator
 * has hidden (a short list, by the status index), and, when the table holds fewer features than
 * the index, every id still there (a design is removed with its account, its features with it).
 */
interface IndexVisibility {
  hidden: () => Promise<string[]>;
  count: () => Promise<number>;
  ids: () => Promise<string[]>;
}

/**
 * The first pass over every submitted design (issue 28), in this process's memory: each design's
 * features are read once, and then only those computed since, so ranking a photo reads nothing
 * per design from the database. Which designs are hidden is read again with each refresh (every
 * 5 s at most), and a design removed since is dropped, so a ranking counts what it lists: a hide
 * or a removal in any process is out of the rankings within REFRESH_MS, a restore back in.
 */
export function createGroundIndex(deps: {
  load: (since: Date) => Promise<IndexedDesign[]>;
  visibility?: IndexVisibility;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const byId = new Map<string, IndexedDesign>();
  let hidden: ReadonlySet<string> = new Set();
  /** Moves on whenever a design enters, leaves or re-enters the rankings (new features, a hide, a restore, a removal). */
  let version = 0;
  let loadedUntil = new Date(0);
  let checkedAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    const rows = await deps.load(new Date(loadedUntil.getTime() - OVERLAP_MS));
    for (const row of rows) {
      // A design new to the index (or measured again) enters the rankings: a first pass kept from
      // before it (ground.service.ts) is not used after it, like one from before a hide.
      const known = byId.get(row.designId);
      if (!known || known.computedAt.getTime() !== row.computedAt.getTime()) version++;
      byId.set(row.designId, row);
      if (row.computedAt > loadedUntil) loadedUntil = row.computedAt;
    }
    if (deps.visibility) {
      const read = new Set(await deps.visibility.hidden());
      if (read.size !== hidden.size || [...read].some((id) => !hidden.has(id))) version++;
      hidden = read;
      // Features go only with their design: fewer rows than read means some design was removed.
      if ((await deps.visibility.count()) < byId.size) {
        const present = new Set(await deps.visibility.ids());
        for (const id of byId.keys()) if (!present.has(id)) byId.delete(id);
        version++;
      }
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
        if (!matches(design, filter, hidden)) continue;
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

    /**
     * Moves on when a design leaves or re-enters the rankings: a first pass kept from before
     * (ground.service.ts) is not used after it. Read after `warm()`.
     */
    get version(): number {
      return version;
    },

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
