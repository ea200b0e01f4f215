import { randomUUID } from 'node:crypto';
import {
  HUNT_MIN_ROUNDS_FOR_SCORE,
  HUNT_REACTION_FLOOR_MS,
  HUNT_ROUND_TTL_MS,
  HUNT_TAP_TOLERANCE,
  HUNT_TIME_LIMIT_MS,
  huntMessages,
  type BestHiding,
  type Concealment,
  type HuntBoard,
  type HuntInsights,
  type HuntPlayer,
  type HuntRound,
  type HuntTapResult,
} from '@camo/shared/hunt';
import { messages } from '@camo/shared/messages';
import { kaplanMeier } from '@camo/shared/survival';
import type { Logger } from 'pino';
import { canView, chosenImageKey } from '../designs/design-policy.js';
import { decodeForEngine } from '../generation/photo-image.js';
import type { EngineMeasures } from '../platform/db/schema.js';
import { ConflictError, NotFoundError } from '../platform/http-errors.js';
import { storageKeys, type Storage } from '../platform/storage.js';
import { composeTarget, meanColour, photoRaster, sideBySide, type PhotoRaster } from './compositor.js';
import type { HuntRepository, HuntRoundRow } from './hunt.repository.js';
import { hitsTarget, silhouetteById, silhouettes, targetBox, type Placement } from './silhouettes.js';

/** A tap this long after the limit still counts as the timeout it is (network and rendering). */
const LATE_GRACE_MS = 1_000;
/** How long a round's composed image is kept for its one serving. */
const roundImageKey = (roundId: string) => `hunt/${roundId}.jpg`;

/** Mean seconds hidden, the design's score once it has enough rounds; -1 before. */
export function concealmentScore(rounds: { elapsedMs: number; found: boolean }[]): number {
  if (rounds.length < HUNT_MIN_ROUNDS_FOR_SCORE) return -1;
  return (
    kaplanMeier(
      rounds.map((r) => ({ ms: r.elapsedMs, found: r.found })),
      HUNT_TIME_LIMIT_MS,
    ).meanHiddenMs / 1000
  );
}

/**
 * Where a target goes: anywhere it fits whole in the lower two thirds (targets stand on the
 * ground), 14-26% of the image's height, turned up to 12 degrees either way.
 */
export function randomPlacement(width: number, height: number, random: () => number): Placement {
  const size = Math.round(height * (0.14 + random() * 0.12));
  const half = size * 0.6; // the box's half-diagonal at 12 degrees stays under 0.6 of its side
  const x = half + random() * Math.max(1, width - 2 * half);
  const top = Math.max(half, height / 3);
  const y = top + random() * Math.max(1, height - half - top);
  return { x, y, size, rotation: (random() * 2 - 1) * 12 };
}

export function createHuntService(deps: {
  repo: HuntRepository;
  storage: Storage;
  log: Pick<Logger, 'warn'>;
  now?: () => Date;
  random?: () => number;
}) {
  const { repo, storage, log } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;

  /** The photo shown: its page-size rendition when there is one. */
  async function loadPhoto(key: string): Promise<PhotoRaster> {
    const display = storageKeys.displayVersion(key);
    const bytes = display !== key && (await storage.exists(display)) ? display : key;
    return photoRaster(await storage.getBytes(bytes));
  }

  function reveal(round: HuntRoundRow, design: { id: string; name: string; designerName: string }) {
    return {
      box: targetBox(silhouetteById(round.silhouette), round),
      design: { id: design.id, name: design.name || 'No Name', designerName: design.designerName },
    };
  }

  async function ended(round: HuntRoundRow) {
    await storage.delete(roundImageKey(round.id)).catch(() => undefined);
    const design = await repo.design(round.designId);
    return reveal(round, design ?? { id: round.designId, name: '', designerName: '' });
  }

  /** The player's own round, still running. */
  async function running(roundId: string, playerId: string): Promise<HuntRoundRow> {
    const round = await repo.find(roundId);
    if (!round || round.playerId !== playerId) throw new NotFoundError(huntMessages.roundGone);
    if (round.status !== 'served' || !round.servedAt) throw new ConflictError(huntMessages.roundGone);
    return round;
  }

  async function endAs(round: HuntRoundRow, status: 'found' | 'timeout' | 'too_fast', elapsedMs: number) {
    const row = await repo.end(round.id, { status, elapsedMs, at: now() }, concealmentScore);
    if (!row) throw new ConflictError(huntMessages.roundGone);
    return ended(row);
  }

  return {
    /** A new round: the server picks the design, the photo and where the target goes. */
    async start(playerId: string): Promise<HuntRound> {
      await repo.expire(new Date(now().getTime() - HUNT_ROUND_TTL_MS), now());
      for (let attempt = 0; attempt < 3; attempt++) {
        const design = await repo.chooseDesign(playerId);
        if (!design) throw new NotFoundError(huntMessages.noDesigns);
        const designKey = chosenImageKey(design);
        if (!designKey || !design.environmentPhotoUrl) continue;
        // Its own environment, or another photo of the same state.
        const other = random() < 0.5 ? await repo.photoFromState(design.state, design.id) : null;
        const photoKey = other ?? design.environmentPhotoUrl;
        const photo = await loadPhoto(photoKey);
        const silhouette = silhouettes[Math.floor(random() * silhouettes.length)]!;
        const placement = randomPlacement(photo.width, photo.height, random);
        const composite = await composeTarget(
          photo,
          { design: await storage.getBytes(designKey) },
          silhouette,
          placement,
        );
        const id = randomUUID();
        await storage.put(roundImageKey(id), composite.image);
        const round = await repo.create({
          id,
          playerId,
          designId: design.id,
          photoKey,
          silhouette: silhouette.id,
          ...placement,
          width: photo.width,
          height: photo.height,
          createdAt: now(),
        });
        if (!round) {
          // The same design was handed to this player by a concurrent request: pick again.
          await storage.delete(roundImageKey(id)).catch(() => undefined);
          continue;
        }
        return {
          roundId: id,
          imageUrl: `/api/hunt/rounds/${id}/image`,
          width: photo.width,
          height: photo.height,
          timeLimitMs: HUNT_TIME_LIMIT_MS,
        };
      }
      throw new NotFoundError(huntMessages.noDesigns);
    },

    /** The round's image, served once: this starts the clock. */
    async image(roundId: string, playerId: string): Promise<Buffer> {
      const at = now();
      const round = await repo.serve(roundId, playerId, at, new Date(at.getTime() - HUNT_ROUND_TTL_MS));
      if (!round) {
        const existing = await repo.find(roundId);
        if (!existing || existing.playerId !== playerId) throw new NotFoundError(huntMessages.roundGone);
        throw new ConflictError(huntMessages.roundGone);
      }
      return Buffer.from(await storage.getBytes(roundImageKey(roundId)));
    },

    async tap(roundId: string, playerId: string, tap: { x: number; y: number }): Promise<HuntTapResult> {
      const round = await running(roundId, playerId);
      const elapsedMs = now().getTime() - round.servedAt!.getTime();
      if (elapsedMs > HUNT_TIME_LIMIT_MS + LATE_GRACE_MS) {
        const shown = await endAs(round, 'timeout', HUNT_TIME_LIMIT_MS);
        return { result: 'timeout', misses: round.misses, reveal: shown };
      }
      const tolerance = HUNT_TAP_TOLERANCE * Math.max(round.width, round.height);
      if (!hitsTarget(silhouetteById(round.silhouette), round, tap.x, tap.y, tolerance)) {
        const misses = await repo.addMiss(round.id);
        if (misses === null) throw new ConflictError(huntMessages.roundGone);
        return { result: 'miss', misses };
      }
      if (elapsedMs < HUNT_REACTION_FLOOR_MS) {
        return { result: 'too_fast', reveal: await endAs(round, 'too_fast', elapsedMs) };
      }
      const ms = Math.min(elapsedMs, HUNT_TIME_LIMIT_MS);
      const shown = await endAs(round, 'found', ms);
      return { result: 'found', ms, misses: round.misses, reveal: shown };
    },

    /** Time is up (the page's timer): the round ends as not found, once the server agrees. */
    async timeout(roundId: string, playerId: string) {
      const round = await running(roundId, playerId);
      const elapsedMs = now().getTime() - round.servedAt!.getTime();
      if (elapsedMs < HUNT_TIME_LIMIT_MS - 500) throw new ConflictError('The round is still running.');
      const shown = await endAs(round, 'timeout', HUNT_TIME_LIMIT_MS);
      return { result: 'timeout' as const, misses: round.misses, reveal: shown };
    },

    async concealment(designId: string, viewerId: string): Promise<Concealment> {
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
      const rounds = await repo.answeredForDesign(designId);
      const km = kaplanMeier(
        rounds.map((r) => ({ ms: r.elapsedMs ?? 0, found: r.status === 'found' })),
        HUNT_TIME_LIMIT_MS,
      );
      return {
        rounds: km.rounds,
        found: km.found,
        foundShare: km.foundShare,
        medianMs: km.medianMs,
        meanHiddenMs: km.meanHiddenMs,
        scored: km.rounds >= HUNT_MIN_ROUNDS_FOR_SCORE,
        curve: km.curve,
      };
    },

    async player(playerId: string): Promise<HuntPlayer> {
      const rounds = await repo.answeredByPlayer(playerId);
      const found = rounds.filter((r) => r.status === 'found').map((r) => r.elapsedMs ?? 0);
      return {
        rounds: rounds.length,
        found: found.length,
        hitRate: rounds.length ? found.length / rounds.length : 0,
        medianMs: median(found),
      };
    },

    /**
     * The measure-design job: the engine's G2-G4 measures of the submitted image against its own
     * photo, kept on the design. Safe to run twice (it writes the same numbers).
     */
    async measure(
      designId: string,
      measureWith: (
        photo: { rgb: Uint8Array; width: number; height: number },
        png: Uint8Array,
      ) => Promise<EngineMeasures>,
    ): Promise<void> {
      const design = await repo.design(designId);
      const key = design && chosenImageKey(design);
      if (!design || design.status !== 'submitted' || !key || !design.environmentPhotoUrl) return;
      const photo = await decodeForEngine(await storage.getBytes(design.environmentPhotoUrl));
      await repo.setMeasures(designId, await measureWith(photo, await storage.getBytes(key)));
    },

    /**
     * Over every design with a score, the score beside the engine's measures, and how well each
     * measure predicts it (Spearman's rank correlation): which of them tell hiding.
     */
    async insights(): Promise<HuntInsights> {
      const rows = await repo.scoredWithMeasures(500);
      const points = rows.map((r) => ({
        designId: r.id,
        name: r.name.trim() || 'No Name',
        score: Math.round(r.score * 100) / 100,
        coverage: r.measures.coverage,
        shareTv: r.measures.shareTv,
        slopeGap: r.measures.slopeGap,
      }));
      const score = points.map((p) => p.score);
      return {
        points,
        correlations: {
          coverage: spearman(
            score,
            points.map((p) => p.coverage),
          ),
          shareTv: spearman(
            score,
            points.map((p) => p.shareTv),
          ),
          slopeGap: spearman(
            score,
            points.map((p) => p.slopeGap),
          ),
        },
      };
    },

    /** The Trophy Club's best-hiding entries of the last twelve months, oldest first. */
    async bestHiding(timeZone: string, fileUrl: (key: string | null) => string | null): Promise<BestHiding> {
      const since = new Date(now().getTime() - 366 * 24 * 60 * 60 * 1000);
      const rows = await repo.bestHiding(timeZone, since);
      return {
        months: rows.map((r) => ({
          month: r.month,
          designId: r.id,
          patternName: r.name.trim() || 'No Name',
          designerName: r.designerName || 'Anonymous',
          imageUrl: fileUrl(r.thumbnailUrl ?? r.imageUrl),
          meanHiddenSeconds: Math.round(r.score * 10) / 10,
        })),
      };
    },

    /** This week's sharpest eyes (weeks start on Monday, UTC): at least 5 rounds, most found first. */
    async board(): Promise<HuntBoard> {
      const at = now();
      const weekStart = new Date(
        Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)),
      );
      const rows = await repo.answeredSince(weekStart);
      const byPlayer = new Map<string, { displayName: string; times: number[]; rounds: number }>();
      for (const r of rows) {
        const entry = byPlayer.get(r.playerId) ?? {
          displayName: r.displayName?.trim() || 'Anonymous',
          times: [],
          rounds: 0,
        };
        entry.rounds++;
        if (r.status === 'found') entry.times.push(r.elapsedMs ?? 0);
        byPlayer.set(r.playerId, entry);
      }
      const players = [...byPlayer]
        .filter(([, p]) => p.rounds >= 5)
        .map(([userId, p]) => ({
          userId,
          displayName: p.displayName,
          rounds: p.rounds,
          found: p.times.length,
          medianMs: median(p.times),
        }))
        .sort(
          (a, b) =>
            b.found / b.rounds - a.found / a.rounds || (a.medianMs ?? Infinity) - (b.medianMs ?? Infinity),
        )
        .slice(0, 10)
        .map((p, i) => ({ rank: i + 1, ...p }));
      return { weekStart: weekStart.toISOString(), players };
    },

    /**
     * The design on a silhouette in its own environment photo, beside the same silhouette in the
     * photo's mean colour: how it hides, at a glance.
     */
    async blendPreview(designId: string, viewerId: string, variant: 'A' | 'B' | 'final'): Promise<Buffer> {
      const design = await repo.design(designId);
      if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
      const key =
        variant === 'A' ? design.designAUrl : variant === 'B' ? design.designBUrl : chosenImageKey(design);
      if (!key || !design.environmentPhotoUrl) throw new NotFoundError(messages.designNotFound);
      const cacheKey = `previews/blend_${designId}_${variant}_${key.replace(/[^a-z0-9]/gi, '').slice(-24)}.jpg`;
      if (await storage.exists(cacheKey)) return Buffer.from(await storage.getBytes(cacheKey));
      const photo = await loadPhoto(design.environmentPhotoUrl);
      const silhouette = silhouetteById('crouching-hunter');
      const size = Math.round(photo.height * 0.3);
      const placement = { x: photo.width * 0.5, y: photo.height - size * 0.55, size, rotation: 0 };
      const [worn, control] = await Promise.all([
        composeTarget(photo, { design: await storage.getBytes(key) }, silhouette, placement),
        composeTarget(photo, { colour: meanColour(photo) }, silhouette, placement),
      ]);
      const image = await sideBySide(worn, control);
      await storage
        .put(cacheKey, image)
        .catch((error: unknown) => log.warn({ err: error }, 'blend preview not cached'));
      return image;
    },
  };
}

/** Spearman's rank correlation (average ranks for ties); null with fewer than 3 points. */
export function spearman(xs: number[], ys: number[]): number | null {
  if (xs.length < 3) return null;
  const ranks = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const mean = (xs.length + 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (rx[i]! - mean) * (ry[i]! - mean);
    dx += (rx[i]! - mean) ** 2;
    dy += (ry[i]! - mean) ** 2;
  }
  return dx === 0 || dy === 0 ? null : Math.round((num / Math.sqrt(dx * dy)) * 1000) / 1000;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export type HuntService = ReturnType<typeof createHuntService>;
