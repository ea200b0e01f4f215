import { apiMessages } from '@camo/shared/api-messages';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  HUNT_MAX_MISSES,
  HUNT_REACTION_FLOOR_MS,
  HUNT_ROUND_TTL_MS,
  HUNT_TAP_TOLERANCE,
  HUNT_TIME_LIMIT_MS,
  huntMessages,
  type HuntHiddenResult,
  type HuntRound,
  type HuntTapResult,
} from '@camo/shared/hunt.schema';
import { messages } from '@camo/shared/messages';
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { chosenImageKey } from '../designs/design-policy.js';
import { ConflictError, NotFoundError } from '../platform/http-errors.js';
import { LEGACY_HUNT_PREFIX, type Storage } from '../platform/storage.js';
import { DEFAULT_VIEWPORT, roundScene, type RoundViewport } from '../engine/round-scene.js';
import type { EngineTasks } from '../engine/engine.js';
import { shownPhotoBytes } from '../engine/shown-photo.js';
import { hitsTarget, silhouetteById, targetBox } from '../engine/silhouettes.js';
import type { EngineWork } from '../platform/engine-work.js';
import { concealmentScore } from './hunt-statistics.js';
import type { HuntRepository, HuntRoundRow, RoundEnd } from './hunt.repository.js';

/** A tap this long after the limit still counts as the timeout it is (network and rendering). */
const LATE_GRACE_MS = 1_000;
/** The share of mixed rounds offered from breeding grounds first, when both kinds have one to play. */
const BRED_SHARE = 0.5;

/** What the game asks of breeding grounds (breeding/, decision 038): the round service knows no more. */
export interface BredRounds {
  /** A bred design for this player to judge, of one ground or of any being judged; null when none is left. */
  choose(
    playerId: string,
    groundId: string | null,
  ): Promise<{
    designId: string;
    generation: number;
    groundId: string;
    photo: Uint8Array;
    image: Uint8Array;
  } | null>;
  /** Whose and which it was, for the reveal. */
  describe(designId: string): Promise<{ id: string; name: string; designerName: string; groundId: string }>;
  /** One of its rounds ended: its generation may now be judged whole. */
  ended(designId: string, generation: number): Promise<void>;
}

/** What a round hides and where: a gallery design in its photo, or a ground's design in the ground's. */
interface RoundMaterial {
  photoKey: string;
  photo: Uint8Array;
  design: Uint8Array;
  repeatCm: number;
  ids: { designId: string } | { bredDesignId: string; generation: number };
}

/** Hide and seek's rounds: the server picks, serves once, times and judges every tap. */
export function createRoundService(deps: {
  repo: HuntRepository;
  storage: Storage;
  now?: () => Date;
  random?: () => number;
  /** Makes a round's picture: on the engine's threads in the server (engine/engine.ts), here by default. */
  scenes?: EngineTasks['huntRound'];
  /** The gate engine work a request asks for passes (decision 025); none in a test's service. */
  work?: EngineWork;
  /** Browser tests only (HUNT_ANSWERS, development sign-in): where each round's target is written. */
  answersDir?: string | null;
  /** Breeding grounds' designs, mixed into the game and played by ground (decision 038). */
  bred?: BredRounds;
}) {
  const { repo, storage, work } = deps;
  const makeScene = deps.scenes ?? roundScene;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  let legacySweep: Promise<void> | null = null;
  /**
   * Pictures earlier versions left in the public file store (expired rounds' were never deleted):
   * deleted once per process, at its first round, and again at the next when that fails.
   */
  const sweepLegacyImages = () =>
    (legacySweep ??= storage.deleteAll(LEGACY_HUNT_PREFIX).catch(() => {
      legacySweep = null;
    }));

  function reveal(
    round: HuntRoundRow,
    design: { id: string; name: string; designerName: string; groundId?: string },
  ) {
    return {
      box: targetBox(silhouetteById(round.silhouette), round),
      design: {
        id: design.id,
        name: design.name || messages.noName,
        designerName: design.designerName,
        ...(design.groundId ? { groundId: design.groundId } : {}),
      },
    };
  }

  async function ended(round: HuntRoundRow) {
    if (round.bredDesignId !== null && deps.bred)
      return reveal(round, await deps.bred.describe(round.bredDesignId));
    const id = round.designId ?? '';
    return reveal(round, (await repo.design(id)) ?? { id, name: '', designerName: '' });
  }

  /** A gallery design for this player, hidden in its own photo or another of its state. */
  async function galleryMaterial(playerId: string): Promise<RoundMaterial | 'none' | null> {
    const design = await repo.chooseDesign(playerId);
    if (!design) return 'none';
    const designKey = chosenImageKey(design);
    if (!designKey || !design.environmentPhotoUrl) return null;
    // Its own environment, or another photo of the same state.
    const other = random() < 0.5 ? await repo.photoFromState(design.state, design.id) : null;
    const photoKey = other ?? design.environmentPhotoUrl;
    return {
      photoKey,
      photo: await shownPhotoBytes(storage, photoKey),
      design: await storage.getBytes(designKey),
      repeatCm: design.repeatCm,
      ids: { designId: design.id },
    };
  }

  /** A breeding ground's design for this player, hidden in the ground's photo. */
  async function bredMaterial(playerId: string, groundId: string | null): Promise<RoundMaterial | 'none'> {
    const bred = await deps.bred?.choose(playerId, groundId);
    if (!bred) return 'none';
    return {
      photoKey: `breeding:${bred.groundId}`,
      photo: bred.photo,
      design: bred.image,
      repeatCm: DEFAULT_REPEAT_CM,
      ids: { bredDesignId: bred.designId, generation: bred.generation },
    };
  }

  /** What the next round hides: a ground's only when one is asked for, else either kind, mixed. */
  async function material(playerId: string, groundId: string | null): Promise<RoundMaterial | 'none' | null> {
    if (groundId) return bredMaterial(playerId, groundId);
    if (!deps.bred || random() >= BRED_SHARE) {
      const gallery = await galleryMaterial(playerId);
      return gallery === 'none' ? bredMaterial(playerId, null) : gallery;
    }
    const bred = await bredMaterial(playerId, null);
    return bred === 'none' ? galleryMaterial(playerId) : bred;
  }

  /** Why a round cannot be served or made void: it is not the player's (404), or it has ended (409). */
  async function refuse(roundId: string, playerId: string): Promise<never> {
    const existing = await repo.find(roundId);
    if (!existing || existing.playerId !== playerId) throw new NotFoundError(huntMessages.roundGone);
    throw new ConflictError(huntMessages.roundGone);
  }

  /** The player's own round, still running. */
  async function running(roundId: string, playerId: string): Promise<HuntRoundRow> {
    const round = await repo.find(roundId);
    if (!round || round.playerId !== playerId) throw new NotFoundError(huntMessages.roundGone);
    if (round.status !== 'served' || !round.servedAt) throw new ConflictError(huntMessages.roundGone);
    return round;
  }

  async function endAs(round: HuntRoundRow, status: RoundEnd, elapsedMs: number) {
    const row = await repo.end(round.id, { status, elapsedMs, at: now() }, concealmentScore);
    if (!row) throw new ConflictError(huntMessages.roundGone);
    if (row.bredDesignId !== null && row.generation !== null)
      await deps.bred?.ended(row.bredDesignId, row.generation);
    return ended(row);
  }

  return {
    /**
     * A new round: the server picks the design and the photo, makes a scene anew from the photo's
     * ground at the shape of the player's screen and places the target in it (decision 024).
     */
    async start(
      playerId: string,
      viewport: RoundViewport = DEFAULT_VIEWPORT,
      groundId: string | null = null,
    ): Promise<HuntRound | null> {
      await sweepLegacyImages();
      await repo.expire(new Date(now().getTime() - HUNT_ROUND_TTL_MS), now());
      for (let attempt = 0; attempt < 3; attempt++) {
        const chosen = await material(playerId, groundId);
        if (chosen === 'none') return null;
        if (!chosen) continue;
        const task = {
          photo: chosen.photo,
          design: chosen.design,
          repeatCm: chosen.repeatCm,
          viewport,
          seed: Math.floor(random() * 2 ** 32),
        };
        const scene = await (work
          ? work.request(playerId, () => work.gated(playerId, () => makeScene(task)))
          : makeScene(task));
        const id = randomUUID();
        const round = await repo.create(
          {
            id,
            playerId,
            ...chosen.ids,
            photoKey: chosen.photoKey,
            silhouette: scene.silhouette,
            ...scene.placement,
            width: scene.width,
            height: scene.height,
            scene: scene.record,
            createdAt: now(),
          },
          Buffer.from(scene.jpeg),
        );
        // Null: the same design was handed to this player by a concurrent request; pick again.
        if (!round) continue;
        if (deps.answersDir) {
          await mkdir(deps.answersDir, { recursive: true });
          const box = targetBox(silhouetteById(round.silhouette), round);
          await writeFile(
            path.join(deps.answersDir, `${id}.json`),
            JSON.stringify({ ...box, pictureWidth: round.width, pictureHeight: round.height }),
          );
        }
        return {
          roundId: id,
          imageUrl: `/api/hunt/rounds/${id}/image`,
          width: scene.width,
          height: scene.height,
          timeLimitMs: HUNT_TIME_LIMIT_MS,
        };
      }
      return null;
    },

    /**
     * The round's image, to its player, once: this starts the clock. No other address serves it,
     * before or after.
     */
    async image(roundId: string, playerId: string): Promise<Buffer> {
      const at = now();
      const served = await repo.serve(roundId, playerId, at, new Date(at.getTime() - HUNT_ROUND_TTL_MS));
      if (!served) return refuse(roundId, playerId);
      return served.jpeg;
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
        const misses = await repo.addMiss(round.id, HUNT_MAX_MISSES);
        if (misses === null) throw new ConflictError(huntMessages.roundGone);
        if (misses < HUNT_MAX_MISSES) return { result: 'miss', misses, missesLeft: HUNT_MAX_MISSES - misses };
        // Not found, censored at this moment in the score (hidden at least this long).
        const shown = await endAs(round, 'out_of_misses', Math.min(elapsedMs, HUNT_TIME_LIMIT_MS));
        return { result: 'out_of_misses', misses, reveal: shown };
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
      if (elapsedMs < HUNT_TIME_LIMIT_MS - 500) throw new ConflictError(apiMessages.roundRunning);
      const shown = await endAs(round, 'timeout', HUNT_TIME_LIMIT_MS);
      return { result: 'timeout' as const, misses: round.misses, reveal: shown };
    },

    /**
     * The page says its tab was hidden while the round ran (the player may have looked elsewhere,
     * or at the picture in another tool): the round is void and counts nowhere. A page that does
     * not say so cannot be caught; see README.md.
     */
    async hidden(roundId: string, playerId: string): Promise<HuntHiddenResult> {
      const row = await repo.markVoid(roundId, playerId, now());
      if (!row) return refuse(roundId, playerId);
      // Before the clock started the player has seen nothing: saying whose design it was would let
      // them skip rounds until one they chose came up.
      return { result: 'void', reveal: row.servedAt ? await ended(row) : null };
    },
  };
}

export type RoundService = ReturnType<typeof createRoundService>;
