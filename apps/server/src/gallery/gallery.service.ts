import { designCardSchema, type DesignCard } from '@camo/shared/api.schema';
import type { GalleryQuery, GalleryStates } from '@camo/shared/community.schema';
import { communityMessages } from '@camo/shared/community.schema';
import { gallerySorts } from '@camo/shared/community';
import { limits } from '@camo/shared/limits';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ValidationError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import { toDesignCard } from '../designs/design-card.js';
import type { DesignRecord } from '../designs/designs.repository.js';
import type { VotesRepository } from '../votes/votes.repository.js';
import type { GalleryKey, GalleryRepository, GalleryRow } from './gallery.repository.js';

/**
 * What a cursor holds: the sort it belongs to and the last card's keys. It is opaque to the
 * browser (base64url JSON) and checked here like any other input, so a forged or stale one is a
 * 400, never a query error.
 */
const cursorSchema = z
  .object({
    s: z.enum(gallerySorts),
    v: z.number().int().min(0).max(2_147_483_647),
    c: z.number().min(-1).max(1_000).optional(),
    g: z.number().int().min(0).max(2).optional(),
    t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  })
  .strict();

export function encodeCursor(sort: GalleryQuery['sort'], key: GalleryKey): string {
  return Buffer.from(
    JSON.stringify({
      s: sort,
      v: key.voteCount,
      t: key.submittedAt,
      id: key.id,
      c: key.score,
      g: key.group,
    }),
  ).toString('base64url');
}

export function decodeCursor(sort: GalleryQuery['sort'], cursor: string): GalleryKey {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(communityMessages.badCursor);
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success || parsed.data.s !== sort || Number.isNaN(Date.parse(parsed.data.t)))
    throw new ValidationError(communityMessages.badCursor);
  return {
    voteCount: parsed.data.v,
    submittedAt: parsed.data.t,
    id: parsed.data.id,
    score: parsed.data.c,
    group: parsed.data.g,
  };
}

/** The card as everyone sees it; a viewer's hasVoted is added per request. */
const sharedCardSchema = designCardSchema.omit({ hasVoted: true });

/**
 * A page as everyone sees it, with each card checked against the response schema and serialised
 * (without its closing brace, so that the viewer's hasVoted can follow).
 */
interface SharedPage {
  ids: string[];
  cardsJson: string[];
  nextCursor: string | null;
}

export function createGalleryService(
  repo: GalleryRepository,
  fileUrl: FileUrl,
  votes: Pick<VotesRepository, 'votedAmong'>,
  options: { cacheMs?: number; contestTimeZone: string },
) {
  // toDesignCard reads only the columns the gallery selects (the heavy ones, recipes and
  // analyses, stay in the database).
  const toCard = (row: GalleryRow): DesignCard =>
    toDesignCard(row as unknown as DesignRecord, fileUrl, options.contestTimeZone);

  // Decision 006: pages (the same for everyone) and each viewer's votes on a page are served from
  // memory for a few seconds; a vote, a submission or a rename in this process starts afresh.
  const cacheMs = options.cacheMs ?? 0;
  const pages = cacheMs > 0 ? new LRUCache<string, SharedPage>({ max: 1_000, ttl: cacheMs }) : undefined;
  const voted = cacheMs > 0 ? new LRUCache<string, string[]>({ max: 20_000, ttl: cacheMs }) : undefined;
  let generation = 0;

  const pageKey = (query: GalleryQuery): string =>
    JSON.stringify([
      generation,
      query.sort,
      query.state ?? '',
      query.year ?? '',
      query.month ?? '',
      query.q ?? '',
      query.cursor ?? '',
    ]);

  async function sharedPage(query: GalleryQuery): Promise<SharedPage> {
    const after = query.cursor ? decodeCursor(query.sort, query.cursor) : undefined;
    const pageSize = limits.galleryPageSize;
    // One more than a page tells whether there is a next page without a count.
    const rows = await repo.page({
      sort: query.sort,
      state: query.state,
      year: query.year,
      month: query.month,
      q: query.q || undefined,
      after,
      limit: pageSize + 1,
    });
    const shown = rows.slice(0, pageSize);
    const last = shown.at(-1);
    const nextCursor =
      rows.length > pageSize && last
        ? encodeCursor(query.sort, {
            voteCount: last.voteCount,
            score: query.sort === 'versatile' ? last.versatilityMedian : last.hidingRank,
            group: last.hidingGroup,
            submittedAt: last.submittedAtKey,
            id: last.id,
          })
        : null;
    return {
      ids: shown.map((row) => row.id),
      cardsJson: shown.map((row) => JSON.stringify(sharedCardSchema.parse(toCard(row))).slice(0, -1)),
      nextCursor,
    };
  }

  /** The shared page and which of its cards the viewer has voted for (one indexed lookup). */
  async function viewerPage(
    query: GalleryQuery,
    viewerId: string,
  ): Promise<{ shared: SharedPage; hasVoted: Set<string> }> {
    const key = pageKey(query);
    let shared = pages?.get(key);
    if (!shared) {
      shared = await sharedPage(query);
      pages?.set(key, shared);
    }
    const votedKey = `${key}${viewerId}`;
    let mine = voted?.get(votedKey);
    if (!mine) {
      mine = await votes.votedAmong(viewerId, shared.ids);
      voted?.set(votedKey, mine);
    }
    return { shared, hasVoted: new Set(mine) };
  }

  return {
    /**
     * A page of cards as the JSON the API sends (galleryPageSchema), each card saying whether the
     * viewer has voted for it. The cards were checked against the card schema (unknown fields
     * dropped) and serialised once with their page, so a viewer's body is those strings with
     * hasVoted appended, not a parse and a serialisation per request.
     */
    async pageJson(query: GalleryQuery, viewerId: string): Promise<string> {
      const { shared, hasVoted } = await viewerPage(query, viewerId);
      const cards = shared.cardsJson.map(
        (json, i) => `${json},"hasVoted":${hasVoted.has(shared.ids[i] ?? '')}}`,
      );
      return `{"designs":[${cards.join(',')}],"nextCursor":${JSON.stringify(shared.nextCursor)}}`;
    },

    /** The cards of these designs still in the gallery (any order), each saying whether the viewer voted for it. */
    async cards(ids: string[], viewerId: string): Promise<DesignCard[]> {
      const rows = await repo.cardsByIds(ids);
      const mine = new Set(
        await votes.votedAmong(
          viewerId,
          rows.map((r) => r.id),
        ),
      );
      return rows.map((row) => ({ ...toCard(row), hasVoted: mine.has(row.id) }));
    },

    /** Something the gallery shows changed (a vote, a submission, a rename): ask again. */
    invalidate(): void {
      generation += 1;
      pages?.clear();
      voted?.clear();
    },

    async states(): Promise<GalleryStates> {
      return { states: await repo.stateCounts() };
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
