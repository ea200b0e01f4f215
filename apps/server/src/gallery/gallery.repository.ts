import { and, asc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LAYOUT_SD, RELIABLE_GAP_SE } from '@camo/camo-engine';
import type { GallerySort } from '@camo/shared/community';
import { DEFAULT_DISTANCE, DEFAULT_OBSERVER } from '@camo/shared/concealment';
import type { Db } from '../platform/db/database.js';
import {
  chosenImageColumns,
  communityVisible,
  designerNameSql,
} from '../designs/design-queries.repository.js';
import { designHiding, designs, users } from '../platform/db/schema.js';
import type { Eye } from '../concealment/prediction-scores.js';

/** The position of a card in the gallery's order: what a cursor carries. */
export interface GalleryKey {
  voteCount: number;
  /** The hiding rank (Hardest to spot, decision 017) or the versatility median (Most versatile). */
  score?: number;
  group?: number;
  /** submitted_at in UTC with microseconds (PostgreSQL's precision, finer than a Date's). */
  submittedAt: string;
  id: string;
}

export interface GalleryFilter {
  sort: GallerySort;
  /** "Hardest to spot" at this eye and distance (design_hiding, issue 39); the pages' default unless said. */
  eye?: Eye;
  state?: string;
  year?: number;
  month?: number;
  q?: string;
  after?: GalleryKey;
  limit: number;
}

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** [start, end) of a year, or of one month of it, in UTC. */
function utcRange(year: number, month?: number): [Date, Date] {
  return month
    ? [new Date(Date.UTC(year, month - 1, 1)), new Date(Date.UTC(year, month, 1))]
    : [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))];
}

/** The chosen eye's group and rank (design_hiding); a design without a row is not yet predicted. */
const eyeGroup = sql<number>`coalesce(${designHiding.hidingGroup}, 0)`;
const eyeRank = sql<number>`coalesce(${designHiding.hidingRank}, -1)`;
const eyeSe = sql<number>`coalesce(${designHiding.hidingSe}, 0)`;
/** Still being measured: the final image has no prediction yet (the predict-design job is to come). */
const pending = sql<boolean>`not coalesce(${designs.concealmentPredictions} ? 'final', false)`;

/**
 * Two designs' figures are told apart past this many standard errors of their difference: the bar
 * decision 028 sets for naming A or B the better.
 */
const APART_SE = RELIABLE_GAP_SE;

const defaultEye: Eye = { observer: DEFAULT_OBSERVER, distanceM: DEFAULT_DISTANCE };

function eyeJoin(eye: Eye = defaultEye): SQL {
  return and(
    eq(designHiding.designId, designs.id),
    eq(designHiding.observer, eye.observer),
    eq(designHiding.distanceM, eye.distanceM),
  )!;
}

/** The columns a gallery card is made of (design-card.ts reads only these), with the chosen eye's rank. */
function cardColumns() {
  const designerName = designerNameSql();
  return {
    id: designs.id,
    userId: designs.userId,
    name: designs.name,
    ...chosenImageColumns,
    thumbnailUrl: designs.thumbnailUrl,
    designAThumbnailUrl: designs.designAThumbnailUrl,
    designBThumbnailUrl: designs.designBThumbnailUrl,
    editedThumbnailUrl: designs.editedThumbnailUrl,
    designerName: sql<string>`${designerName}`,
    state: designs.state,
    county: designs.county,
    status: designs.status,
    voteCount: designs.voteCount,
    concealmentScore: designs.concealmentScore,
    huntAnswered: designs.huntAnswered,
    hidingGroup: designs.hidingGroup,
    hidingRank: designs.hidingRank,
    eyeGroup,
    eyeRank,
    eyeSe,
    pending,
    versatilityMedian: designs.versatilityMedian,
    versatilityWorst: designs.versatilityWorst,
    versatilityPlaces: designs.versatilityPlaces,
    createdAt: designs.createdAt,
    submittedAt: designs.submittedAt,
    submittedAtKey: sql<string>`to_char(${designs.submittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  };
}

export function createGalleryRepository(db: Db) {
  const ts = (value: string) => sql`${value}::timestamptz`;

  /** Submitted designs the filters and search let through (the gallery's list before its order). */
  function filtered(filter: Omit<GalleryFilter, 'after' | 'limit' | 'sort' | 'eye'>): (SQL | undefined)[] {
    const where: (SQL | undefined)[] = [communityVisible, isNotNull(designs.submittedAt)];
    if (filter.state) where.push(eq(designs.state, filter.state));
    if (filter.year) {
      const [start, end] = utcRange(filter.year, filter.month);
      where.push(sql`${designs.submittedAt} >= ${ts(start.toISOString())}`);
      where.push(sql`${designs.submittedAt} < ${ts(end.toISOString())}`);
    } else if (filter.month) {
      where.push(sql`extract(month from ${designs.submittedAt} at time zone 'UTC') = ${filter.month}`);
    }
    if (filter.q) {
      const pattern = likePattern(filter.q);
      // The same test as `designerName ilike pattern`, without a lookup in users for every
      // design the scan passes: the people whose current name matches are found once (a hashed
      // subplan), and the name kept on the design counts only when its owner has none.
      where.push(
        or(
          ilike(designs.name, pattern),
          sql`${designs.userId} in (select u.id from ${users} u where trim(u.display_name) <> '' and trim(u.display_name) ilike ${pattern})`,
          sql`(${designs.designerName} ilike ${pattern} and not exists (select 1 from ${users} u where u.id = ${designs.userId} and trim(u.display_name) <> ''))`,
        ),
      );
    }
    return where;
  }

  return {
    /**
     * One page of submitted designs, filtered, searched and ordered in SQL, continuing after
     * `after` in a total order (id breaks every tie), so pages never repeat or skip a design.
     */
    async page(filter: GalleryFilter) {
      const where = filtered(filter);
      const after = filter.after;
      if (after) {
        where.push(
          filter.sort === 'votes'
            ? sql`(${designs.voteCount}, ${designs.submittedAt}, ${designs.id}) < (${after.voteCount}, ${ts(after.submittedAt)}, ${after.id})`
            : filter.sort === 'hiding'
              ? sql`(${eyeGroup}, ${eyeRank}, ${designs.submittedAt}, ${designs.id}) < (${after.group ?? 0}::smallint, ${after.score ?? -1}::real, ${ts(after.submittedAt)}, ${after.id})`
              : filter.sort === 'versatile'
                ? sql`(${designs.versatilityMedian}, ${designs.submittedAt}, ${designs.id}) < (${after.score ?? -1}::real, ${ts(after.submittedAt)}, ${after.id})`
                : sql`(${designs.submittedAt}, ${designs.id}) < (${ts(after.submittedAt)}, ${after.id})`,
        );
      }
      // NULLS LAST as in the indexes (0004_gallery_indexes), so an index scan yields the order.
      const down = (column: AnyPgColumn) => sql`${column} desc nulls last`;
      const order =
        filter.sort === 'votes'
          ? [down(designs.voteCount), down(designs.submittedAt), down(designs.id)]
          : filter.sort === 'hiding'
            ? [sql`${eyeGroup} desc`, sql`${eyeRank} desc`, down(designs.submittedAt), down(designs.id)]
            : filter.sort === 'versatile'
              ? [down(designs.versatilityMedian), down(designs.submittedAt), down(designs.id)]
              : [down(designs.submittedAt), down(designs.id)];
      return db
        .select(cardColumns())
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .leftJoin(designHiding, eyeJoin(filter.eye))
        .where(and(...where))
        .orderBy(...order)
        .limit(filter.limit);
    },

    /**
     * Each card's place in "Hardest to spot" among the designs the filters let through, as a
     * range (issue 39): it is below every design whose figure is above its own by more than
     * APART_SE standard errors of their difference (decision 028), and above every design
     * whose figure is below by more; the rest cannot be told apart from it and share its range.
     */
    async places(
      filter: Omit<GalleryFilter, 'after' | 'limit' | 'sort'>,
      cards: { id: string; group: number; rank: number; se: number }[],
    ): Promise<Map<string, { from: number; to: number }>> {
      const ranked = cards.filter((c) => c.group > 0);
      if (ranked.length === 0) return new Map();
      const values = sql.join(
        ranked.map((c) => sql`(${c.id}::text, ${c.group}::int, ${c.rank}::float8, ${c.se}::float8)`),
        sql`, `,
      );
      // Each figure's error and each design's layout (the engine's LAYOUT_SD), as reliableGap.
      const gap = sql`${APART_SE}::float8 * sqrt(${eyeSe}::float8 ^ 2 + c.se ^ 2 + ${2 * LAYOUT_SD ** 2}::float8)`;
      const rows = await db
        .select({
          id: sql<string>`c.id`,
          above: sql<number>`(count(*) filter (where ${eyeGroup} > c.g or (${eyeGroup} = c.g and ${eyeRank} - c.r > ${gap})))::int`,
          notBelow: sql<number>`(count(*) filter (where ${eyeGroup} > c.g or (${eyeGroup} = c.g and ${eyeRank} - c.r >= -${gap})))::int`,
        })
        .from(sql`(values ${values}) as c(id, g, r, se)`)
        .crossJoin(designs)
        .leftJoin(designHiding, eyeJoin(filter.eye))
        .where(and(...filtered(filter)))
        .groupBy(sql`c.id`);
      return new Map(rows.map((r) => [r.id, { from: r.above + 1, to: Math.max(r.notBelow, r.above + 1) }]));
    },

    /** How many of the designs the filters let through are still being measured. */
    async measuring(filter: Omit<GalleryFilter, 'after' | 'limit' | 'sort' | 'eye'>): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(designs)
        .where(and(...filtered(filter), pending));
      return row?.n ?? 0;
    },

    /** The cards of these designs that are still in the gallery (any order). */
    async cardsByIds(ids: string[], eye: Eye) {
      if (ids.length === 0) return [];
      return db
        .select(cardColumns())
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .leftJoin(designHiding, eyeJoin(eye))
        .where(and(communityVisible, isNotNull(designs.submittedAt), inArray(designs.id, ids)));
    },

    /** Submitted designs per state. */
    async stateCounts(): Promise<{ state: string; count: number }[]> {
      return db
        .select({ state: designs.state, count: sql<number>`count(*)::int` })
        .from(designs)
        .where(communityVisible)
        .groupBy(designs.state)
        .orderBy(asc(designs.state));
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
export type GalleryRow = Awaited<ReturnType<GalleryRepository['page']>>[number];
