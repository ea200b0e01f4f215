import {
  breedingMessages,
  type BredDesignCard,
  type BredDesignPage,
  type GroundCard,
  type GroundPage,
  type StartGround,
} from '@camo/shared/breeding.schema';
import { defaultDesignToggles } from '@camo/shared/generation';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BredRounds } from '../hunt/round.service.js';
import {
  ConflictError,
  NotFoundError,
  QuotaExceededError,
  ServiceUnavailableError,
} from '../platform/http-errors.js';
import { storageKeys, type Storage } from '../platform/storage.js';
import { groundFigures, memberKey, predictorAgreement } from './breeding-figures.js';
import { figureAt, type ActiveWeights } from '../concealment/prediction-scores.js';
import { roundsOfGround } from './breeding-rounds.js';
import type { BredDesignRow, BreedingRepository, GroundRow } from './breeding.repository.js';

/** A ground's photo as kept and shown: WebP, at most this on its longer side. */
const GROUND_PHOTO_MAX_SIDE = 1280;
const GROUND_THUMB_WIDTH = 480;
const DAY_MS = 24 * 60 * 60 * 1000;
const GROUNDS_LISTED = 60;
/** How long mixed rounds trust that no ground is (or some ground is) being judged. */
const JUDGING_CACHE_MS = 5_000;
/** The eye the ground's page compares with the game: people play it; 25 m is the game's middle distance. */
const AGREEMENT_EYE = { observer: 'person', distanceM: 25, light: 'daylight' } as const;

/** The place a ground is started for: a gallery design's photo and fields, or the starter's own ground photo. */
export interface GroundSource {
  photo: Uint8Array;
  state: string;
  county: string;
  description: string;
  toggles: Record<string, boolean>;
  sourceDesignId: string | null;
}

/** Controls a generation holds beside its bred designs: a quarter as many, at least two. */
export const controlsFor = (population: number) => Math.max(2, Math.round(population / 4));

/** A bred design's name on the pages. */
export const bredLabel = (d: Pick<BredDesignRow, 'born' | 'ordinal'>) =>
  `Generation ${d.born} · No. ${d.ordinal + 1}`;

/**
 * Breeding grounds (issue 44, decision 038): starting one, its pages, and the game's side of it
 * (its designs in rounds, and a generation judged whole sending its turnover job).
 */
export function createBreedingService(deps: {
  repo: BreedingRepository;
  /** A gallery design's place (its photo's shown bytes): null when it has none the community may see. */
  designSource: (
    designId: string,
  ) => Promise<(Omit<GroundSource, 'photo'> & { photo: () => Promise<Uint8Array> }) | null>;
  /** The starter's own ground photo's bytes; null when it is not theirs. */
  ownPhoto: (photoId: string, userId: string) => Promise<Uint8Array | null>;
  settings: { population: number; judges: number; perDay: number };
  /** The predictor's weights in use (the calibration's once fitted). */
  weights: () => Promise<ActiveWeights>;
  /** Whether the engine can draw designs here (the built-in engine's threads). */
  canDraw: boolean;
  /** Where a taken design's files go (the photo's copy, the image and its thumbnail). */
  storage: Pick<Storage, 'put'>;
  /** Submits a pending design under a name, as the designs domain submits any (designs.service.ts). */
  submit: (designId: string, userId: string, name: string) => Promise<unknown>;
  /** Sends a ground's generation to be drawn (the breed-generation job, once per ground and generation). */
  draw: (groundId: string, generation: number) => Promise<void>;
  now?: () => Date;
}) {
  const { repo, settings } = deps;
  const now = deps.now ?? (() => new Date());
  let judging: { at: number; any: Promise<boolean> } | null = null;
  /** Whether any ground is being judged, as read within the last JUDGING_CACHE_MS. */
  const anyJudging = (): Promise<boolean> => {
    const at = Date.now();
    if (!judging || at - judging.at > JUDGING_CACHE_MS)
      judging = {
        at,
        // A failed read is not kept: the next round asks again.
        any: repo.anyJudging().catch((error: unknown) => {
          judging = null;
          throw error;
        }),
      };
    return judging.any;
  };

  const card = (row: GroundRow & { starterName: string }): GroundCard => ({
    id: row.id,
    state: row.state,
    county: row.county,
    description: row.description,
    variant: row.variant,
    starterName: row.starterName,
    generation: row.generation,
    status: row.status,
    photoUrl: `/api/breeding/grounds/${row.id}/photo`,
    width: row.width,
    height: row.height,
    photoThumbUrl: `/api/breeding/grounds/${row.id}/photo?size=thumb`,
    createdAt: row.createdAt.toISOString(),
  });
  const designCard = (d: BredDesignRow): BredDesignCard => ({
    id: d.id,
    imageUrl: `/api/breeding/designs/${d.id}/image`,
    thumbUrl: `/api/breeding/designs/${d.id}/image?size=thumb`,
    kind: d.kind,
    born: d.born,
    label: bredLabel(d),
  });

  async function groundOf(id: string) {
    const ground = await repo.ground(id);
    if (!ground) throw new NotFoundError(breedingMessages.groundNotFound);
    return ground;
  }

  async function source(userId: string, body: StartGround): Promise<GroundSource> {
    if (body.source === 'design') {
      const found = await deps.designSource(body.designId);
      if (!found) throw new NotFoundError(breedingMessages.noPhoto);
      return { ...found, photo: await found.photo() };
    }
    const photo = await deps.ownPhoto(body.photoId, userId);
    if (!photo) throw new NotFoundError(breedingMessages.photoNotFound);
    return {
      photo,
      state: body.state,
      county: body.county ?? '',
      description: body.description,
      toggles: defaultDesignToggles(),
      sourceDesignId: null,
    };
  }

  return {
    /** Starts a ground; its first generation is drawn by a job. */
    async start(userId: string, body: StartGround): Promise<{ id: string }> {
      if (!deps.canDraw)
        throw new ServiceUnavailableError(
          'Breeding needs the built-in engine, which this server does not run.',
        );
      const since = new Date(now().getTime() - DAY_MS);
      if ((await repo.startedSince(userId, since)) >= settings.perDay)
        throw new QuotaExceededError(
          `You have started ${settings.perDay} breeding grounds in the last 24 hours. Please try again tomorrow.`,
        );
      const from = await source(userId, body);
      const { data, info } = await sharp(from.photo)
        .rotate()
        .resize({
          width: GROUND_PHOTO_MAX_SIDE,
          height: GROUND_PHOTO_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
      const thumb = await sharp(data).resize({ width: GROUND_THUMB_WIDTH }).webp({ quality: 75 }).toBuffer();
      const id = randomUUID();
      await repo.insertGround({
        id,
        starterId: userId,
        source: body.source,
        sourceDesignId: from.sourceDesignId,
        photo: data,
        photoThumb: thumb,
        width: info.width,
        height: info.height,
        state: from.state,
        county: from.county,
        description: from.description,
        variant: body.variant,
        toggles: from.toggles,
        population: settings.population,
        judges: settings.judges,
        controls: controlsFor(settings.population),
        createdAt: now(),
      });
      await deps.draw(id, 0);
      return { id };
    },

    async list(): Promise<{ grounds: GroundCard[] }> {
      return { grounds: (await repo.grounds(GROUNDS_LISTED)).map(card) };
    },

    async page(id: string, viewerId: string | null): Promise<GroundPage> {
      const ground = await groundOf(id);
      const active = await deps.weights();
      const members = (await repo.members(id)).map((m) => ({
        ...m,
        predicted: m.prediction
          ? figureAt({ imageKey: m.id, eyes: m.prediction }, active, AGREEMENT_EYE)
          : null,
      }));
      const figures = groundFigures(
        members,
        await roundsOfGround(repo, id),
        ground.generation,
        ground.judges,
      );
      const current =
        ground.status === 'starting'
          ? []
          : members
              .filter((m) => m.generation === ground.generation)
              .map((m) => {
                const judged = figures.judged.get(memberKey(m.id, m.generation))!;
                const predicted = m.predicted && {
                  hiding: Math.round(m.predicted.hiding),
                  se: m.predicted.se === null ? null : Math.round(m.predicted.se * 10) / 10,
                };
                return {
                  ...designCard(m),
                  line: m.line,
                  players: judged.players,
                  judged: judged.judged,
                  predicted,
                };
              });
      return {
        ...card(ground),
        settings: { population: ground.population, judges: ground.judges, controls: ground.controls },
        current,
        lines: figures.lines,
        claim: figures.claim,
        agreement: predictorAgreement(
          members.map((m) => ({ ...m, predicted: m.predicted?.hiding ?? null })),
          figures.judged,
        ),
        viewerHasRounds: viewerId ? await repo.hasOpen(viewerId, id) : null,
      };
    },

    async photo(id: string, size: 'full' | 'thumb'): Promise<Buffer> {
      const bytes = await repo.photo(id, size);
      if (!bytes) throw new NotFoundError(breedingMessages.groundNotFound);
      return bytes;
    },

    async image(id: string, size: 'full' | 'thumb'): Promise<Buffer> {
      const bytes = await repo.image(id, size);
      if (!bytes) throw new NotFoundError(breedingMessages.designNotFound);
      return bytes;
    },

    /** A bred design with its family tree back to the founders. */
    async design(id: string): Promise<BredDesignPage> {
      const design = await repo.design(id);
      if (!design) throw new NotFoundError(breedingMessages.designNotFound);
      const ground = await groundOf(design.groundId);
      const all = new Map((await repo.designs(design.groundId)).map((d) => [d.id, d]));
      const parentsOf = (d: BredDesignRow) => [d.parentA, d.parentB].filter((p): p is string => p !== null);
      const lineage: BredDesignPage['lineage'] = [];
      const seen = new Set<string>();
      const queue = [design];
      while (queue.length > 0) {
        const d = queue.shift()!;
        if (seen.has(d.id)) continue;
        seen.add(d.id);
        lineage.push({ ...designCard(d), parents: parentsOf(d) });
        for (const p of parentsOf(d)) if (all.has(p)) queue.push(all.get(p)!);
      }
      const judgedIn = [
        ...new Set((await repo.members(design.groundId)).filter((m) => m.id === id).map((m) => m.generation)),
      ];
      return {
        ...designCard(design),
        ground: {
          id: ground.id,
          state: ground.state,
          county: ground.county,
          description: ground.description,
          starterName: ground.starterName,
        },
        parents: parentsOf(design),
        lineage: lineage.sort((a, b) => a.born - b.born || a.label.localeCompare(b.label)),
        judgedIn,
        galleryDesignId: await repo.galleryDesignOf(id),
      };
    },

    /**
     * A bred design taken into the gallery under a name (decision 038): it becomes design A of a
     * gallery design of the person who takes it, with a photo row of its own (a copy of the
     * ground's photo: the one-design-per-photo rule holds), credited to its ground and lineage, and
     * submitted as any design is. Once a bred design: a second person is told it is there already;
     * the same person, after a failure midway, finishes their own.
     */
    async takeToGallery(userId: string, id: string, name: string): Promise<{ designId: string }> {
      const design = await repo.design(id);
      if (!design) throw new NotFoundError(breedingMessages.designNotFound);
      const ground = await groundOf(design.groundId);
      let taken = await repo.taken(id);
      if (!taken) {
        const at = now();
        const photoId = randomUUID();
        const photoKey = storageKeys.environmentPhoto(at, userId, photoId);
        const imageKey = storageKeys.generatedDesign(at, photoId, 'a');
        const [photo, image, thumb] = await Promise.all([
          repo.photo(ground.id),
          repo.image(id, 'full'),
          repo.image(id, 'thumb'),
        ]);
        if (!photo || !image || !thumb) throw new NotFoundError(breedingMessages.designNotFound);
        // The files first (at fixed keys of a new photo): a row never names a missing file.
        await Promise.all([
          deps.storage.put(photoKey, await sharp(photo).png().toBuffer()),
          deps.storage.put(storageKeys.displayVersion(photoKey), photo),
          deps.storage.put(imageKey, image),
          deps.storage.put(storageKeys.thumbnail(imageKey), thumb),
        ]);
        const recipe = (await repo.recipes([id]))[0]?.recipe ?? null;
        const place = { state: ground.state, county: ground.county, description: ground.description };
        const designId = randomUUID();
        const inserted = await repo.insertTaken(
          {
            id: photoId,
            userId,
            ...place,
            designToggles: ground.toggles,
            status: 'completed',
            outcome: 'one',
            storageKey: photoKey,
            photoUrl: photoKey,
            designAStorageUrl: imageKey,
            designDocId: designId,
            idempotencyKey: randomUUID(),
            createdAt: at,
          },
          {
            id: designId,
            userId,
            environmentPhotoId: photoId,
            environmentPhotoUrl: photoKey,
            environmentDescription: place.description,
            state: place.state,
            county: place.county || 'N/A',
            generationMethod: 'bred',
            status: 'pending_selection',
            designToggles: ground.toggles,
            designAUrl: imageKey,
            designAThumbnailUrl: storageKeys.thumbnail(imageKey),
            recipeA: recipe,
            selectedVariant: 'A',
            bredDesignId: id,
            createdAt: at,
          },
        );
        taken = inserted ? { id: designId, userId, status: 'pending_selection' } : await repo.taken(id);
      }
      if (!taken || taken.userId !== userId || taken.status !== 'pending_selection')
        throw new ConflictError(breedingMessages.alreadyInGallery);
      await deps.submit(taken.id, userId, name);
      return { designId: taken.id };
    },

    /** The game's side (hunt/round.service.ts). */
    rounds: {
      async choose(playerId, groundId) {
        // Mixed rounds ask first whether any ground is being judged (read again every few seconds),
        // so a site with none pays nothing for the question a round.
        if (!groundId && !(await anyJudging())) return null;
        const chosen = await repo.choose(playerId, groundId);
        if (!chosen) return null;
        const material = await repo.roundMaterial(chosen.designId);
        if (!material) return null;
        return { ...chosen, photo: material.photo, image: material.image };
      },
      async describe(designId) {
        const design = await repo.design(designId);
        const ground = design ? await repo.ground(design.groundId) : null;
        return {
          id: designId,
          name: design ? bredLabel(design) : '',
          designerName: ground ? `${ground.starterName}'s breeding ground` : '',
          groundId: design?.groundId ?? '',
        };
      },
      async ended(designId, generation) {
        const design = await repo.design(designId);
        const ground = design ? await repo.ground(design.groundId) : null;
        if (!ground || ground.status !== 'judging' || ground.generation !== generation) return;
        const members = (await repo.members(ground.id)).filter((m) => m.generation === generation);
        const figures = groundFigures(
          members,
          await roundsOfGround(repo, ground.id),
          generation,
          ground.judges,
        );
        if (members.every((m) => figures.judged.get(memberKey(m.id, generation))?.judged))
          await deps.draw(ground.id, generation + 1);
      },
    } satisfies BredRounds,
  };
}

export type BreedingService = ReturnType<typeof createBreedingService>;
