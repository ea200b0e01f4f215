import { randomUUID } from 'node:crypto';
import { expectedHiddenSeconds, predictedHiding, type GroundProfile } from '@camo/camo-engine';
import type { DesignCard } from '@camo/shared/api.schema';
import type { Observer } from '@camo/shared/concealment';
import type {
  GroundCard,
  GroundPhoto,
  GroundPhotoList,
  GroundRanking,
  GroundRankingQuery,
} from '@camo/shared/ground.schema';
import { GROUND_PHOTO_RETENTION_DAYS, groundText } from '@camo/shared/ground';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { chosenImageKey, isCommunityVisible } from '../designs/design-policy.js';
import { reencodeGroundUpload } from '../engine/photo.js';
import { photoRaster } from '../engine/photo-raster.js';
import type { GroundPhotoTask } from '../engine/ground-tasks.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { HttpError, NotFoundError, ValidationError } from '../platform/http-errors.js';
import type { Storage } from '../platform/storage.js';
import type { ActiveWeights } from '../concealment/prediction-scores.js';
import { createDesignInPhoto, eyeKey, type GroundEngine, type GroundEye } from './design-in-photo.js';
import { orderRanking, type FirstPassEntry, type GroundIndex } from './ground-index.js';
import type { GroundPhotoRow, GroundRepository } from './ground.repository.js';

/**
 * The designs a ranking scores in full (the second pass): the first pass's best this many. The
 * budget is in docs/benchmarks.md: about 35 ms a design on one engine thread, so the top 48 (four
 * pages of the gallery) are scored within two seconds of the first page, which shows the first
 * pass's estimates until then and refines in place.
 */
export const SECOND_PASS_DESIGNS = 48;
/** Designs one second-pass job scores (it is sent again for the rest). */
const SCORES_PER_JOB = 16;

const DAY_MS = 24 * 3600_000;
/**
 * A photo's first pass (per eye, filter and weights) is kept this long: the polls while refining
 * and "load more" reuse it instead of ranking every design again (about a second at 100,000 on
 * this machine, docs/benchmarks.md). A design measured in this process starts afresh.
 */
const FIRST_PASS_KEPT_MS = 60_000;
/** First-pass entries kept in all (about 60 bytes each): ten rankings of 100,000 designs. */
const FIRST_PASS_KEPT_ENTRIES = 1_000_000;

interface PageCursor {
  offset: number;
}

function decodeCursor(cursor: string | undefined): PageCursor {
  if (!cursor) return { offset: 0 };
  if (!/^\d{1,7}$/.test(cursor))
    throw new ValidationError('This page link is not valid any more. Please reload.');
  return { offset: Number(cursor) };
}

/**
 * "Which designs suit my ground" (issue 28): a person's private photos of their own ground, every
 * submitted design ranked by predicted hiding there (a first pass over precomputed features, the
 * best re-scored in full by the predictor), one design in one photo through the observer viewer,
 * and each design's features, computed once.
 */
export function createGroundService(deps: {
  repo: GroundRepository;
  index: GroundIndex;
  storage: Storage;
  /** Null where the server runs without the engine's threads (a test's own provider). */
  engine: GroundEngine | null;
  /** The predictor's weights in use (calibrated once the game has played enough). */
  weights: () => Promise<ActiveWeights>;
  /** The gallery's cards for these designs, those still visible, in any order, with the viewer's votes. */
  cards: (ids: string[], viewerId: string) => Promise<DesignCard[]>;
  /** A design the viewer may see (the design page's rule), or null. */
  design: (
    designId: string,
    viewerId: string,
  ) => Promise<{ imageKey: string | null; repeatCm: number } | null>;
  /** Sends the second pass for designs of one photo and eye in a light (a job; safe to run twice). */
  requestScores: (photoId: string, eye: GroundEye, designIds: string[]) => void;
  settings: { dailyLimit: number };
  log: Pick<Logger, 'info' | 'warn'>;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
  now?: () => Date;
}) {
  const { repo, index, engine, log } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);
  const now = deps.now ?? (() => new Date());
  /** Second-pass requests this process has sent and not yet seen answered: a polling page sends each once. */
  const requested = new Map<string, number>();
  const REQUEST_AGAIN_MS = 60_000;
  const firstPasses = new LRUCache<string, FirstPassEntry[]>({
    maxSize: FIRST_PASS_KEPT_ENTRIES,
    sizeCalculation: (first) => Math.max(1, first.length),
    ttl: FIRST_PASS_KEPT_MS,
  });

  const expiresAt = (row: GroundPhotoRow): string | null =>
    row.kept ? null : new Date(row.createdAt.getTime() + GROUND_PHOTO_RETENTION_DAYS * DAY_MS).toISOString();

  const toPhoto = (row: GroundPhotoRow): GroundPhoto => ({
    id: row.id,
    width: row.width,
    height: row.height,
    kept: row.kept,
    createdAt: row.createdAt.toISOString(),
    expiresAt: expiresAt(row),
    imageUrl: `/api/ground-photos/${row.id}/image`,
  });

  /** The owner's photo, or 404 for anyone else (whether or not it exists). */
  async function owned(photoId: string, userId: string): Promise<GroundPhotoRow> {
    const row = await repo.photo(photoId);
    if (!row || row.userId !== userId) throw new NotFoundError(groundText.photoNotFound);
    return row;
  }

  async function raster(photoId: string): Promise<GroundPhotoTask> {
    const image = await repo.image(photoId);
    if (!image) throw new NotFoundError(groundText.photoNotFound);
    // As the design's own photo is measured (concealment.service.ts): the shown size, RGB.
    const { data, width, height } = await photoRaster(image);
    return { photoId, data, width, height };
  }

  function requireEngine(): GroundEngine {
    if (!engine) throw new HttpError(503, 'unavailable', 'Predictions are not available on this server.');
    return engine;
  }

  /** The photo's first-pass profile at an eye, made once and kept with the photo. */
  async function profileOf(
    row: GroundPhotoRow,
    { observer, distanceM, light }: GroundEye,
  ): Promise<GroundProfile | null> {
    const key = eyeKey(observer, distanceM, light);
    if (key in row.profiles) return row.profiles[key] ?? null;
    const ground = requireEngine();
    // Made once (kept with the photo), by its owner's request, within the bounds of engine work.
    const profile = await work.cached(
      workKey('ground-profile', { photo: row.id, observer, distanceM, light }),
      () =>
        work.gated(row.userId, async () => {
          const made = await ground.groundProfile({ ...(await raster(row.id)), observer, distanceM, light });
          await repo.setProfile(row.id, key, made);
          return made;
        }),
      { keep: false },
    );
    row.profiles[key] = profile;
    return profile;
  }

  const designInPhoto = createDesignInPhoto({
    repo,
    storage: deps.storage,
    design: deps.design,
    weights: deps.weights,
    work,
    owned,
    requireEngine,
  });

  return {
    /** Stores a ground photo (the create flow's checks, its own daily limit) and profiles it for the default eye. */
    async upload(
      userId: string,
      bytes: Buffer,
      eye: { observer: Observer; distanceM: number },
    ): Promise<GroundPhoto> {
      const used = await repo.usedSince(userId, new Date(now().getTime() - DAY_MS));
      if (used >= deps.settings.dailyLimit)
        throw new HttpError(429, 'ground_limit', groundText.dailyLimit(deps.settings.dailyLimit));
      const image = await reencodeGroundUpload(bytes);
      const id = randomUUID();
      const at = now();
      const outcome = await repo.insertPhoto(
        { id, userId, image: image.webp, width: image.width, height: image.height, at },
        deps.settings.dailyLimit,
      );
      if (outcome === 'limit')
        throw new HttpError(429, 'ground_limit', groundText.dailyLimit(deps.settings.dailyLimit));
      const row = (await repo.photo(id))!;
      // The first ranking's profile now, while the photo is at hand; a failure leaves it to the ranking.
      if (engine)
        await profileOf(row, { ...eye, light: 'daylight' }).catch((error: unknown) =>
          log.warn({ err: error, photoId: id }, 'ground photo not profiled'),
        );
      return toPhoto(row);
    },

    async list(userId: string): Promise<GroundPhotoList> {
      const rows = await repo.photosOf(userId);
      return {
        photos: rows.map(toPhoto),
        dailyLimit: deps.settings.dailyLimit,
        usedToday: await repo.usedSince(userId, new Date(now().getTime() - DAY_MS)),
      };
    },

    async image(photoId: string, userId: string): Promise<Buffer> {
      await owned(photoId, userId);
      const image = await repo.image(photoId);
      if (!image) throw new NotFoundError(groundText.photoNotFound);
      return image;
    },

    async setKept(photoId: string, userId: string, kept: boolean): Promise<GroundPhoto> {
      const row = await repo.setKept(photoId, userId, kept);
      if (!row) throw new NotFoundError(groundText.photoNotFound);
      return toPhoto(row);
    },

    /** Deletes the photo and, with it, every score made in it. */
    async remove(photoId: string, userId: string): Promise<void> {
      if (!(await repo.deletePhoto(photoId, userId))) throw new NotFoundError(groundText.photoNotFound);
    },

    /**
     * Every submitted design (filtered as the gallery filters) ranked by predicted hiding in the
     * photo: the first pass over all of them, the best SECOND_PASS_DESIGNS re-scored in full (and
     * ordered by those scores) as the second pass's job delivers them; the rest in first-pass order.
     */
    async ranking(
      photoId: string,
      userId: string,
      query: GroundRankingQuery,
      pageSize: number,
    ): Promise<GroundRanking> {
      const row = await owned(photoId, userId);
      const { observer, distance, light } = query;
      const eye: GroundEye = { observer, distanceM: distance, light };
      const { offset } = decodeCursor(query.cursor);
      const profile = await profileOf(row, eye);
      const base = { observer, distanceM: distance, light, nextCursor: null, refining: false };
      if (!profile) return { ...base, designs: [], total: 0, inRange: false };
      const active = await deps.weights();
      // A first pass kept from before a hide, restore or removal is not used: the total counts
      // what the pages list.
      await index.warm();
      const passKey = JSON.stringify([
        photoId,
        eyeKey(observer, distance, light),
        query.state,
        query.year,
        query.month,
        active.weights,
        index.version,
      ]);
      let first = firstPasses.get(passKey);
      if (!first) {
        first = await index.rank(profile, active.weights, query);
        firstPasses.set(passKey, first);
      }
      const top = first.slice(0, SECOND_PASS_DESIGNS);
      // Scores of the design's current image only (a feature tile made again is scored again).
      const refined = new Map<string, { hiding: number | null; seconds: number }>();
      for (const score of await repo.scores(photoId, observer, distance, light)) {
        refined.set(score.designId, {
          hiding: score.measures ? predictedHiding(score.measures, active.weights) : null,
          seconds: score.measures ? expectedHiddenSeconds(score.measures, active.weights) : -1,
        });
      }
      const missing = top.filter((e) => !refined.has(e.designId)).map((e) => e.designId);
      // Past the second pass's designs the order is the first pass's: only the page's part is made.
      const ordered = orderRanking(
        first.slice(0, Math.max(SECOND_PASS_DESIGNS, offset + pageSize)),
        refined,
        SECOND_PASS_DESIGNS,
      );
      if (missing.length > 0) {
        const key = `${photoId}:${eyeKey(observer, distance, light)}:${missing.join(',')}`;
        const sentAt = requested.get(key);
        if (sentAt === undefined || now().getTime() - sentAt > REQUEST_AGAIN_MS) {
          requested.set(key, now().getTime());
          if (requested.size > 1000) requested.delete(requested.keys().next().value!);
          deps.requestScores(photoId, eye, missing);
        }
      }
      const slice = ordered.slice(offset, offset + pageSize);
      const cards = new Map(
        (
          await deps.cards(
            slice.map((e) => e.designId),
            userId,
          )
        ).map((c) => [c.id, c]),
      );
      const designs: GroundCard[] = slice.flatMap((e) => {
        const card = cards.get(e.designId);
        if (!card) return [];
        return [{ ...card, ground: e.ground }];
      });
      const next = offset + pageSize;
      return {
        ...base,
        designs,
        total: first.length,
        inRange: true,
        refining: missing.length > 0,
        nextCursor: next < first.length ? String(next) : null,
      };
    },

    ...designInPhoto,

    /**
     * The second pass's job: scores in full the designs not yet scored in this photo at this eye
     * (from their feature tiles). Safe to run twice: a design scored is skipped.
     */
    async score(photoId: string, eye: GroundEye, designIds: string[]): Promise<void> {
      if (!engine) return;
      if (!(await repo.photo(photoId))) return;
      const { observer, distanceM, light } = eye;
      const done = new Set((await repo.scores(photoId, observer, distanceM, light)).map((s) => s.designId));
      const todo = (await repo.tiles(designIds.filter((id) => !done.has(id)))).slice(0, SCORES_PER_JOB * 8);
      if (todo.length === 0) return;
      const photo = await raster(photoId);
      for (let i = 0; i < todo.length; i += SCORES_PER_JOB) {
        const batch = todo.slice(i, i + SCORES_PER_JOB);
        const measures = await engine.groundScores({
          ...photo,
          observer,
          distanceM,
          light,
          tiles: batch.map((t) => ({ png: t.tile, repeatCm: t.repeatCm })),
        });
        await repo.addScores(
          batch.map((t, j) => ({
            photoId,
            designId: t.designId,
            observer,
            distanceM,
            light,
            imageKey: t.imageKey,
            measures: measures[j] ?? null,
          })),
        );
      }
    },

    /** The features job: a submitted design's features and tile, from the image people see. */
    async computeFeatures(designId: string): Promise<void> {
      if (!engine) return;
      const design = await repo.designForFeatures(designId);
      if (!design || !isCommunityVisible(design.status)) return;
      const key = chosenImageKey(design);
      if (!key) return;
      const { features, tile } = await engine.groundFeatures({
        png: await deps.storage.getBytes(key),
        repeatCm: design.repeatCm,
      });
      await repo.setFeatures(designId, key, features, Buffer.from(tile), now());
      index.invalidate();
      firstPasses.clear();
    },

    /** Reads every design's features into the first pass's memory (at start). */
    warm: () => index.warm(),

    /** Submitted designs with no features yet, newest first (the backfill's next batch). */
    withoutFeatures: (limit: number) => repo.designsWithoutFeatures(limit),

    /** Removes ground photos not kept after GROUND_PHOTO_RETENTION_DAYS (a daily job). */
    async removeExpired(): Promise<number> {
      const t = now().getTime();
      const removed = await repo.removeExpired(
        new Date(t - GROUND_PHOTO_RETENTION_DAYS * DAY_MS),
        new Date(t - 2 * DAY_MS),
      );
      if (removed > 0) log.info({ removed }, 'expired ground photos removed');
      return removed;
    },
  };
}

export type GroundService = ReturnType<typeof createGroundService>;
