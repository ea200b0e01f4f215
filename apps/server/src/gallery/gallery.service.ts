import { GAME_EYE } from '@camo/shared/concealment';
import { designCardSchema, type DesignCard } from '@camo/shared/api.schema';
import type { GalleryQuery, GalleryStates } from '@camo/shared/community.schema';
import { communityMessages } from '@camo/shared/community.schema';
import { gallerySorts } from '@camo/shared/community';
import { DEFAULT_DISTANCE, DEFAULT_OBSERVER, observers } from '@camo/shared/concealment';
import { limits } from '@camo/shared/limits';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ValidationError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import { toDesignCard } from '../designs/design-card.js';
import { cardHiding, type Eye } from '../concealment/prediction-scores.js';
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
    /** "Hardest to spot"'s eye and distance: a cursor continues only the order it came from. */
    o: z.enum(observers).optional(),
    d: z.number().int().optional(),
  })
  .strict();

export function encodeCursor(sort: GalleryQuery['sort'], key: GalleryKey, eye?: Eye): string {
  return Buffer.from(
    JSON.stringify({
      s: sort,
      ...(sort === 'hiding' && eye ? { o: eye.observer, d: eye.distanceM } : {}),
      v: key.voteCount,
      t: key.submittedAt,
      id: key.id,
      c: key.score,
      g: key.group,
    }),
  ).toString('base64url');
}

export function decodeCursor(sort: GalleryQuery['sort'], cursor: string, eye?: Eye): GalleryKey {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(communityMessages.badCursor);
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success || parsed.data.s !== sort || Number.isNaN(Date.parse(parsed.data.t)))
    throw new ValidationError(communityMessages.badCursor);
  if (sort === 'hiding' && eye && (parsed.data.o !== eye.observer || parsed.data.d !== eye.distanceM))
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
  /** "Hardest to spot": designs still being measured (first page only). */
  measuring?: number;
}

/** A page's query; the eye and distance default as the API's do (scripts and tests leave them out). */
export type GalleryPageQuery = Omit<GalleryQuery, 'observer' | 'distance'> &
  Partial<Pick<GalleryQuery, 'observer' | 'distance'>>;

/** The query's eye and distance, as the concealment code names them. */
const eyeOf = (query: GalleryPageQuery): Eye => ({
  observer: query.observer ?? DEFAULT_OBSERVER,
  distanceM: query.distance ?? DEFAULT_DISTANCE,
});

const isGameEye = (eye: Eye) => eye.observer === GAME_EYE.observer && eye.distanceM === GAME_EYE.distanceM;

export function createGalleryService(
  repo: GalleryRepository,
  fileUrl: FileUrl,
  votes: Pick<VotesRepository, 'votedAmong'>,
  options: { cacheMs?: number; contestTimeZone: string },
) {
  // toDesignCard reads only the columns the gallery selects (the heavy ones, recipes and
  // analyses, stay in the database).
  const toCard = (row: GalleryRow, eye: Eye = GAME_EYE): DesignCard => {
    const card = toDesignCard(row as unknown as DesignRecord, fileUrl, options.contestTimeZone);
    // The figure at the chosen eye (design_hiding); the game's score counts at its own eye only.
    const at = { concealmentScore: isGameEye(eye) ? row.concealmentScore : -1 };
    return {
      ...card,
      hiding: cardHiding({
        ...at,
        huntAnswered: row.huntAnswered,
        hidingGroup: row.eyeGroup,
        hidingRank: row.eyeRank,
      }),
      hidingAt: { observer: eye.observer, distanceM: eye.distanceM, pending: row.pending, place: null },
    };
  };

  // Decision 006: pages (the same for everyone) and each viewer's votes on a page are served from
  // memory for a few seconds; a vote, a submission or a rename in this process starts afresh.
  const cacheMs = options.cacheMs ?? 0;
  const pages = cacheMs > 0 ? new LRUCache<string, SharedPage>({ max: 1_000, ttl: cacheMs }) : undefined;
  const voted = cacheMs > 0 ? new LRUCache<string, string[]>({ max: 20_000, ttl: cacheMs }) : undefined;
  let generation = 0;

  const pageKey = (query: GalleryPageQuery): string =>
    JSON.stringify([
      generation,
      query.sort,
      query.state ?? '',
      query.year ?? '',
      query.month ?? '',
      query.q ?? '',
      query.sort === 'hiding' ? `${eyeOf(query).observer}@${eyeOf(query).distanceM}` : '',
      query.cursor ?? '',
    ]);

  async function sharedPage(query: GalleryPageQuery): Promise<SharedPage> {
    const eye = eyeOf(query);
    const byHiding = query.sort === 'hiding';
    const after = query.cursor ? decodeCursor(query.sort, query.cursor, eye) : undefined;
    const pageSize = limits.galleryPageSize;
    const filter = {
      state: query.state,
      year: query.year,
      month: query.month,
      q: query.q || undefined,
      eye,
    };
    // One more than a page tells whether there is a next page without a count.
    const rows = await repo.page({ ...filter, sort: query.sort, after, limit: pageSize + 1 });
    const shown = rows.slice(0, pageSize);
    const last = shown.at(-1);
    const nextCursor =
      rows.length > pageSize && last
        ? encodeCursor(
            query.sort,
            {
              voteCount: last.voteCount,
              score: query.sort === 'versatile' ? last.versatilityMedian : last.eyeRank,
              group: last.eyeGroup,
              submittedAt: last.submittedAtKey,
              id: last.id,
            },
            eye,
          )
        : null;
    const places = byHiding
      ? await repo.places(
          filter,
          shown.map((r) => ({ id: r.id, group: r.eyeGroup, rank: r.eyeRank, se: r.eyeSe })),
        )
      : new Map<string, { from: number; to: number }>();
    const cards = shown.map((row) => {
      const card = toCard(row, eye);
      return card.hidingAt
        ? { ...card, hidingAt: { ...card.hidingAt, place: places.get(row.id) ?? null } }
        : card;
    });
    return {
      ids: shown.map((row) => row.id),
      cardsJson: cards.map((card) => JSON.stringify(sharedCardSchema.parse(card)).slice(0, -1)),
      nextCursor,
      ...(byHiding && !query.cursor ? { measuring: await repo.measuring(filter) } : {}),
    };
  }

  /** The shared page and which of its cards the viewer has voted for (one indexed lookup). */
  async function viewerPage(
    query: GalleryPageQuery,
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
    async pageJson(query: GalleryPageQuery, viewerId: string): Promise<string> {
      const { shared, hasVoted } = await viewerPage(query, viewerId);
      const cards = shared.cardsJson.map(
        (json, i) => `${json},"hasVoted":${hasVoted.has(shared.ids[i] ?? '')}}`,
      );
      const measuring = shared.measuring === undefined ? '' : `,"measuring":${shared.measuring}`;
      return `{"designs":[${cards.join(',')}],"nextCursor":${JSON.stringify(shared.nextCursor)}${measuring}}`;
    },

    /** The cards of these designs still in the gallery (any order), each saying whether the viewer voted for it. */
    async cards(ids: string[], viewerId: string, eye: Eye = GAME_EYE): Promise<DesignCard[]> {
      const rows = await repo.cardsByIds(ids, eye);
      const mine = new Set(
        await votes.votedAmong(
          viewerId,
          rows.map((r) => r.id),
        ),
      );
      return rows.map((row) => ({ ...toCard(row, eye), hasVoted: mine.has(row.id) }));
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
