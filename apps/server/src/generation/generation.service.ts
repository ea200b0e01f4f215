import { apiMessages } from '@camo/shared/api-messages';
import { randomUUID } from 'node:crypto';
import { isCountyOf } from '@camo/shared/counties';
import {
  generationMessages,
  outcomeMessage,
  type DesignToggles,
  type Generation,
  type GenerationFields,
  type GenerationOutcome,
  type GenerationSummary,
  type Variant,
} from '@camo/shared/generation.schema';
import type { Logger } from 'pino';
import type { DesignsRepository } from '../designs/designs.repository.js';
import type { DesignsService } from '../designs/designs.service.js';
import { NotFoundError, QuotaExceededError, ValidationError } from '../platform/http-errors.js';
import type { JobQueue } from '../platform/queue.js';
import { storageKeys, type FileUrl, type Storage } from '../platform/storage.js';
import { faultMarkers } from './fault-injection.js';
import type { GenerationRepository, PhotoRow } from './generation.repository.js';
import { isPhotoFinished } from './photo-status.js';
import { decodeForEngine, designThumbnail, reencodeUpload } from '../engine/photo.js';
import type { ProgressBus } from './progress.js';
import {
  deadlineAfter,
  safetyIdOf,
  seedOf,
  type Deadline,
  type DesignProvider,
  type ProviderDesign,
  type ProviderInput,
} from './provider.js';

export interface GenerationSettings {
  dailyQuota: number;
  /** Generations by everyone together in 24 hours. */
  siteDailyQuota: number;
  faultInjection: boolean;
  /**
   * How long one design may take before the pipeline stops waiting for it (a hung provider): the
   * provider's call in flight is aborted, the design counts as failed, is retried once, and the
   * generation ends with what it has. Two deadlines fit in the job's expiry (platform/queue.ts),
   * so a hang never leaves a photo processing.
   */
  designDeadlineMs: number;
}

/**
 * `work`, or a rejection once `ms` have passed. The work is handed the deadline: its signal aborts
 * at the same moment, so a provider's call in flight stops instead of running on beside a retry.
 */
export function withDeadline<T>(work: (deadline: Deadline) => Promise<T>, ms: number): Promise<T> {
  const deadline = deadlineAfter(ms);
  const expired = new Promise<never>((_, reject) => {
    const fail = () => reject(deadline.signal.reason as Error);
    if (deadline.signal.aborted) fail();
    else deadline.signal.addEventListener('abort', fail, { once: true });
  });
  return Promise.race([work(deadline), expired]).finally(() => deadline.clear());
}

/** A generation left unfinished this long is recovered (re-queued, or failed if it never stored its photo). */
const STALE_AFTER_MS = 2 * 60 * 1000;
/** A generation still processing this long after it started will not finish. */
const GIVE_UP_AFTER_MS = 20 * 60 * 1000;

export function createGenerationService(deps: {
  repo: GenerationRepository;
  designsRepo: DesignsRepository;
  designs: DesignsService;
  storage: Storage;
  fileUrl: FileUrl;
  queue: () => JobQueue;
  provider: DesignProvider;
  progress: ProgressBus;
  settings: GenerationSettings;
  displayName: (userId: string) => Promise<string | null>;
  /** A generation has made its design record (the concealment predictions follow, as a job). */
  onGenerated?: (designId: string) => void;
  log: Logger;
  now?: () => Date;
}) {
  const { repo, storage, fileUrl, provider, progress, settings, log } = deps;
  const now = deps.now ?? (() => new Date());

  function toGeneration(
    photo: PhotoRow,
    design: Parameters<DesignsService['toDesign']>[0] | undefined,
  ): Generation {
    const outcome = photo.outcome ?? null;
    return {
      photoId: photo.id,
      status: photo.status,
      stage: isPhotoFinished(photo.status) ? null : (photo.stage ?? null),
      note: photo.note ?? null,
      error: photo.status === 'failed' ? generationMessages.generationFailed : null,
      outcome,
      outcomeMessage: outcome ? outcomeMessage(outcome) : null,
      description: photo.description,
      state: photo.state,
      county: photo.county,
      designToggles: photo.designToggles,
      photoUrl: fileUrl(photo.storageKey ? storageKeys.displayVersion(photo.storageKey) : null),
      createdAt: photo.createdAt.toISOString(),
      processingStarted: photo.processingStarted?.toISOString() ?? null,
      processingCompleted: photo.processingCompleted?.toISOString() ?? null,
      designAUrl: fileUrl(photo.designAStorageUrl),
      designBUrl: fileUrl(photo.designBStorageUrl),
      design: design ? deps.designs.toDesign(design) : null,
    };
  }

  async function publishStage(
    photoId: string,
    stage: Parameters<GenerationRepository['setStage']>[1],
    note: string | null = null,
  ) {
    await repo.setStage(photoId, stage, note);
    progress.publish(photoId);
  }

  /** Generates one design, retrying it once on its own when it fails (spec §7). */
  async function generateBoth(
    photoId: string,
    input: ProviderInput,
  ): Promise<Record<Variant, ProviderDesign | null>> {
    const variants: Variant[] = ['A', 'B'];
    const generate = (v: Variant) =>
      withDeadline((deadline) => provider.generate(input, v, deadline), settings.designDeadlineMs);
    const first = await Promise.allSettled(variants.map(generate));
    const result: Record<Variant, ProviderDesign | null> = { A: null, B: null };
    first.forEach((r, i) => {
      const v = variants[i]!;
      if (r.status === 'fulfilled') result[v] = r.value;
      else log.warn({ photoId, variant: v, err: r.reason as Error }, 'design generation failed');
    });
    const failed = variants.filter((v) => !result[v]);
    if (failed.length === 2) return result;
    for (const v of failed) {
      await publishStage(photoId, 'ai_generation', generationMessages.oneDesignRetrying);
      try {
        result[v] = await generate(v);
      } catch (error) {
        log.warn({ photoId, variant: v, err: error as Error }, 'design retry failed');
      }
    }
    return result;
  }

  /**
   * The generation job. Safe to run twice: a finished photo is left alone, files are written at
   * fixed keys, and the design record is unique per photo, so a re-run after a crash resumes or
   * redoes the work without duplicating anything.
   */
  async function run(photoId: string): Promise<void> {
    const photo = await repo.findById(photoId);
    if (!photo || isPhotoFinished(photo.status)) return;
    if (photo.status === 'pending') {
      // The request that created it died before the photo was stored.
      await repo.fail(photoId, 'The photo was not stored.', now());
      progress.publish(photoId);
      return;
    }
    const claimed = await repo.claimProcessing(photoId, now());
    if (!claimed) return;
    progress.publish(photoId);
    try {
      const storageKey = claimed.storageKey;
      if (!storageKey) throw new Error('photo has no storage key');
      const image = await decodeForEngine(await storage.getBytes(storageKey));
      const input: ProviderInput = {
        photo: image,
        description: claimed.description,
        state: claimed.state,
        county: claimed.county,
        toggles: claimed.designToggles as DesignToggles,
        seed: seedOf(photoId),
        safetyId: safetyIdOf(claimed.userId),
      };
      await publishStage(photoId, 'ai_generation');
      const made = await generateBoth(photoId, input);
      if (!made.A && !made.B) throw new Error('both designs failed');

      await publishStage(photoId, 'uploading_designs');
      const stored: Partial<Record<Variant, { key: string; thumb: string }>> = {};
      // Both designs and their thumbnails at once: the files are independent and at fixed keys.
      await Promise.all(
        (['A', 'B'] as const).map(async (v) => {
          const design = made[v];
          if (!design) return;
          const key = storageKeys.generatedDesign(claimed.createdAt, photoId, v === 'A' ? 'a' : 'b');
          const thumb = storageKeys.thumbnail(key);
          await Promise.all([
            storage.put(key, design.png),
            designThumbnail(design.png).then((bytes) => storage.put(thumb, bytes)),
          ]);
          stored[v] = { key, thumb };
        }),
      );

      await publishStage(photoId, 'creating_document');
      const outcome: GenerationOutcome = made.A && made.B ? 'both' : 'one';
      let designId: string | null = null;
      try {
        if (settings.faultInjection && faultMarkers(claimed.description).recordFails) {
          throw new Error('injected failure of the design record');
        }
        const designerName = (await deps.displayName(claimed.userId))?.trim() || 'Anonymous';
        const record = await deps.designsRepo.createForGeneration({
          id: randomUUID(),
          userId: claimed.userId,
          environmentPhotoId: photoId,
          environmentDescription: claimed.description,
          environmentPhotoUrl: storageKey,
          designerName,
          state: claimed.state,
          county: claimed.county || 'N/A',
          generationMethod: 'ai_generated',
          status: 'pending_selection',
          designToggles: claimed.designToggles,
          designAId: made.A?.designId ?? null,
          designAUrl: stored.A?.key ?? null,
          designAThumbnailUrl: stored.A?.thumb ?? null,
          markdownAnalysisA: made.A?.markdownAnalysis ?? null,
          openaiResponseIdA: made.A?.responseId ?? null,
          promptA: made.A?.prompt ?? null,
          recipeA: made.A?.recipe ?? null,
          generationNoteA: made.A?.note ?? null,
          designBId: made.B?.designId ?? null,
          designBUrl: stored.B?.key ?? null,
          designBThumbnailUrl: stored.B?.thumb ?? null,
          markdownAnalysisB: made.B?.markdownAnalysis ?? null,
          openaiResponseIdB: made.B?.responseId ?? null,
          promptB: made.B?.prompt ?? null,
          recipeB: made.B?.recipe ?? null,
          generationNoteB: made.B?.note ?? null,
          // The only variant there is counts as chosen.
          selectedVariant: made.A && made.B ? null : made.A ? 'A' : 'B',
        });
        designId = record.id;
      } catch (error) {
        log.error({ photoId, err: error as Error }, 'design record could not be saved');
      }

      await publishStage(photoId, 'finalizing');
      await repo.complete(photoId, {
        outcome: designId ? outcome : 'save_failed',
        designDocId: designId,
        designAStorageUrl: stored.A?.key ?? null,
        designBStorageUrl: stored.B?.key ?? null,
        designAId: made.A?.designId ?? null,
        designBId: made.B?.designId ?? null,
        promptAId: made.A?.promptId ?? null,
        promptBId: made.B?.promptId ?? null,
        at: now(),
      });
      if (designId) deps.onGenerated?.(designId);
    } catch (error) {
      log.error({ photoId, err: error as Error }, 'generation failed');
      await repo.fail(photoId, errorText(error), now());
    } finally {
      progress.publish(photoId);
    }
  }

  return {
    run,

    /**
     * Step 1 -> 2: validates the fields, re-encodes the photo (decided from its bytes), records the
     * generation (idempotent per click, within the daily quota), stores the photo at its spec key,
     * and queues the job.
     */
    async start(
      userId: string,
      fields: GenerationFields,
      photoBytes: Buffer,
    ): Promise<{ photoId: string; created: boolean }> {
      if (fields.county && !isCountyOf(fields.state, fields.county))
        throw new ValidationError(generationMessages.unknownCounty);
      const photo = await reencodeUpload(photoBytes);
      const createdAt = now();
      const inserted = await repo.insertPending(
        {
          id: randomUUID(),
          userId,
          idempotencyKey: fields.idempotencyKey,
          description: fields.description,
          state: fields.state,
          county: fields.county,
          designToggles: fields.designToggles,
          createdAt,
        },
        { perUser: settings.dailyQuota, site: settings.siteDailyQuota },
      );
      if (inserted.kind === 'quota_exceeded')
        throw new QuotaExceededError(
          `You have reached today's limit of ${settings.dailyQuota} generations. Please try again tomorrow.`,
        );
      if (inserted.kind === 'site_quota_exceeded')
        throw new QuotaExceededError(
          'The site has made as many designs as it can today. Please try again tomorrow.',
        );
      if (inserted.kind === 'existing') return { photoId: inserted.row.id, created: false };
      const row = inserted.row;
      try {
        const key = storageKeys.environmentPhoto(createdAt, userId, row.id);
        await storage.put(key, photo.png);
        await storage.put(storageKeys.displayVersion(key), photo.display);
        await repo.markUploaded(row.id, key);
      } catch (error) {
        await repo.fail(row.id, errorText(error), now());
        throw error;
      }
      await deps.queue().send('generate-designs', { photoId: row.id }, { id: row.id });
      return { photoId: row.id, created: true };
    },

    async get(photoId: string, userId: string): Promise<Generation> {
      const photo = await repo.findForOwner(photoId, userId);
      if (!photo) throw new NotFoundError(apiMessages.generationNotFound);
      const design = photo.status === 'completed' ? await deps.designsRepo.findByPhoto(photoId) : undefined;
      return toGeneration(photo, design);
    },

    async unfinished(userId: string): Promise<GenerationSummary[]> {
      const rows = await repo.unfinished(userId, 20);
      return rows.map(({ photo, designThumb }) => ({
        photoId: photo.id,
        status: photo.status,
        stage: isPhotoFinished(photo.status) ? null : (photo.stage ?? null),
        description: photo.description,
        state: photo.state,
        county: photo.county,
        createdAt: photo.createdAt.toISOString(),
        designId: photo.designDocId,
        thumbnailUrl: fileUrl(designThumb),
      }));
    },

    /**
     * Catches what a crash left behind: a photo never stored is failed; a stored one whose job
     * was lost is queued again (the job id is the photo id, so a live job is not duplicated).
     */
    async recoverStale(): Promise<void> {
      const at = now();
      for (const photo of await repo.stale(new Date(at.getTime() - STALE_AFTER_MS))) {
        const started = photo.processingStarted?.getTime() ?? at.getTime();
        if (photo.status === 'pending') {
          await repo.fail(photo.id, 'The photo was not stored.', at);
        } else if (photo.status === 'processing' && at.getTime() - started > GIVE_UP_AFTER_MS) {
          // Its job ran out of retries (each attempt died with its process): end it visibly.
          await repo.fail(photo.id, 'The generation did not finish.', at);
        } else {
          await deps.queue().send('generate-designs', { photoId: photo.id }, { id: photo.id });
          continue;
        }
        progress.publish(photo.id);
      }
    },

    subscribe: (photoId: string, listener: () => void) => progress.subscribe(photoId, listener),
  };
}

/** Kept in the record (spec: failed "with an error message"); never shown raw to people. */
function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export type GenerationService = ReturnType<typeof createGenerationService>;
