import { and, asc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { GallerySort } from '@camo/shared/community';
import type { Db } from '../platform/db/database.js';
import {
  chosenImageColumns,
  communityVisible,
  designerNameSql,
} from '../designs/design-queries.repository.js';
import { designs, users } from '../platform/db/schema.js';

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

/** The columns a gallery card is made of (design-card.ts reads only these). */
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

  return {
    /**
     * One page of submitted designs, filtered, searched and ordered in SQL, continuing after
     * `after` in a total order (id breaks every tie), so pages never repeat or skip a design.
     */
    async page(filter: GalleryFilter) {
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
      const after = filter.after;
      if (after) {
        where.push(
          filter.sort === 'votes'
            ? sql`(${designs.voteCount}, ${designs.submittedAt}, ${designs.id}) < (${after.voteCount}, ${ts(after.submittedAt)}, ${after.id})`
            : filter.sort === 'hiding'
              ? sql`(${designs.hidingGroup}, ${designs.hidingRank}, ${designs.submittedAt}, ${designs.id}) < (${after.group ?? 0}::smallint, ${after.score ?? -1}::real, ${ts(after.submittedAt)}, ${after.id})`
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
            ? [
                down(designs.hidingGroup),
                down(designs.hidingRank),
                down(designs.submittedAt),
                down(designs.id),
              ]
            : filter.sort === 'versatile'
              ? [down(designs.versatilityMedian), down(designs.submittedAt), down(designs.id)]
              : [down(designs.submittedAt), down(designs.id)];
      return db
        .select(cardColumns())
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(and(...where))
        .orderBy(...order)
        .limit(filter.limit);
    },

    /** The cards of these designs that are still in the gallery (any order). */
    async cardsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select(cardColumns())
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
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
