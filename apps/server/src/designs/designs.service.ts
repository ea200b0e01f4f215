import { versatilityOf } from '../ground/versatility.js';
import { apiMessages } from '@camo/shared/api-messages';
import { editRefusalText, type EditRefusalReason, type EditSuggestionCode } from '@camo/shared/edit-refusal';
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { exportFilename } from './export-filename.js';
import { messages } from '@camo/shared/messages';
import {
  finalChoice,
  generationMessages,
  isUnnamed,
  type Design,
  type DesignToggles,
  type EditJob,
  type Variant,
} from '@camo/shared/generation.schema';
import {
  deadlineAfter,
  safetyIdOf,
  seedOf,
  type DesignProvider,
  type EditSubject,
} from '../generation/provider.js';
import { decodeForEngine, designDisplayImage, designThumbnail } from '../engine/photo.js';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../platform/http-errors.js';
import { createEngineWork, ENGINE_WORK_DEFAULTS, workKey, type EngineWork } from '../platform/engine-work.js';
import { storageKeys, type FileUrl, type Storage } from '../platform/storage.js';
import { canView, chosenImageKey, chosenThumbnailKey, showsEditedImage } from './design-policy.js';
import {
  editRunning,
  type DesignRecord,
  type DesignsRepository,
  type DesignWithDesigner,
  type EditFailure,
} from './designs.repository.js';
import type { Logger } from 'pino';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function createDesignsService(deps: {
  repo: DesignsRepository;
  storage: Storage;
  fileUrl: FileUrl;
  provider: DesignProvider;
  displayName: (userId: string) => Promise<string | null>;
  /** A design entered the gallery or its card changed (the gallery's cache starts afresh). */
  onGalleryChange?: () => void;
  /** A design was submitted (compose.ts queues its measuring). */
  onSubmitted?: (designId: string) => void;
  /** Queues the `edit-design` job for the claim made at `claimedAt`. */
  queueEdit: (designId: string, claimedAt: Date) => Promise<void>;
  /** How long an edit request waits for its job (EDIT_WAIT_MS by default). */
  editWaitMs?: number;
  /** How long the provider may take over an edit (GENERATION_DEADLINE_MS, as for a design). */
  editDeadlineMs: number;
  log?: Pick<Logger, 'warn'>;
  /** Engine work on request: kept by its inputs, bounded per person and in all (decision 025; compose.ts's). */
  work?: EngineWork;
  now?: () => Date;
}) {
  const { repo, storage, fileUrl, provider } = deps;
  const work = deps.work ?? createEngineWork(ENGINE_WORK_DEFAULTS);
  const now = deps.now ?? (() => new Date());

  function toDesign(row: DesignRecord & { currentDesignerName?: string | null }): Design {
    const chosen = chosenImageKey(row);
    const chosenThumb = chosenThumbnailKey(row);
    return {
      id: row.id,
      userId: row.userId,
      name: row.name,
      imageUrl: fileUrl(chosen),
      displayUrl: fileUrl(row.displayUrl),
      shownImageUrl: fileUrl(row.displayUrl ?? chosen),
      showsEdit: showsEditedImage(row),
      thumbnailUrl: fileUrl(row.thumbnailUrl ?? chosenThumb),
      environmentDescription: row.environmentDescription,
      environmentPhotoId: row.environmentPhotoId,
      environmentPhotoUrl: fileUrl(
        row.environmentPhotoUrl ? storageKeys.displayVersion(row.environmentPhotoUrl) : null,
      ),
      designerName: row.currentDesignerName || row.designerName || messages.anonymous,
      createdAt: row.createdAt.toISOString(),
      voteCount: row.voteCount ?? 0,
      state: row.state,
      county: row.county || messages.countyMissing,
      generationMethod: row.generationMethod,
      ...(row.bredDesignId ? { bredDesignId: row.bredDesignId } : {}),
      status: row.status,
      designToggles: row.designToggles,
      designAId: row.designAId,
      designAUrl: fileUrl(row.designAUrl),
      designAThumbnailUrl: fileUrl(row.designAThumbnailUrl),
      markdownAnalysisA: row.markdownAnalysisA,
      openaiResponseIdA: row.openaiResponseIdA,
      designBId: row.designBId,
      designBUrl: fileUrl(row.designBUrl),
      designBThumbnailUrl: fileUrl(row.designBThumbnailUrl),
      markdownAnalysisB: row.markdownAnalysisB,
      openaiResponseIdB: row.openaiResponseIdB,
      selectedVariant: row.selectedVariant,
      finalDesignChoice: row.finalDesignChoice,
      repeatCm: row.repeatCm,
      submittedAt: iso(row.submittedAt),
      editedImageUrl: fileUrl(row.editedImageUrl),
      editPrompt: row.editPrompt,
      editedAt: iso(row.editedAt),
      hasEdits: row.hasEdits,
      editNote: row.editNote,
      editJob: editJobOf(row),
      versatility: versatilityOf(row),
      promptA: row.promptA,
      promptB: row.promptB,
      story: row.story,
      hiddenReason: row.status === 'hidden' ? row.hiddenReason : null,
    };
  }

  /** Anyone signed in sees a submitted design; a pending one only its owner (404 for others). */
  async function visible(id: string, viewerId: string): Promise<DesignWithDesigner> {
    const row = await repo.findById(id);
    if (!row || !canView(row, viewerId)) throw new NotFoundError(messages.designNotFound);
    return row;
  }

  /** The owner's pending design, or the error that explains why it is not one. */
  async function ownPending(id: string, userId: string): Promise<DesignWithDesigner> {
    const row = await repo.findById(id);
    if (!row || !canView(row, userId)) throw new NotFoundError(generationMessages.designRecordMissing);
    if (row.userId !== userId) throw new ForbiddenError(generationMessages.onlyOwner);
    if (row.status !== 'pending_selection') throw new ConflictError(generationMessages.notPending);
    return row;
  }

  /**
   * What the selected variant is edited from: the engine's recipe, or an image service's response
   * id (openai-provider); null when it has neither (spec: editing is not available).
   */
  function editSource(row: DesignRecord): { recipe: unknown; responseId: string } | null {
    const b = row.selectedVariant === 'B';
    const responseId = b ? row.openaiResponseIdB : row.openaiResponseIdA;
    const recipe = b ? row.recipeB : row.recipeA;
    if (!responseId || (!recipe && !responseId.startsWith('resp_'))) return null;
    return { recipe, responseId };
  }

  /** What the provider edits from: the recipe or response id, and on demand the image and the generation's input. */
  function editSubject(row: DesignRecord, recipe: unknown, responseId: string): EditSubject {
    const imageKey = row.selectedVariant === 'B' ? row.designBUrl : row.designAUrl;
    return {
      recipe,
      responseId,
      safetyId: safetyIdOf(row.userId),
      variant: row.selectedVariant ?? 'A',
      image: async () => {
        if (!imageKey) throw new Error('the design has no stored image');
        return storage.getBytes(imageKey);
      },
      source: async () => {
        if (!row.environmentPhotoUrl) throw new Error('the design has no stored photo');
        return {
          photo: await decodeForEngine(await storage.getBytes(row.environmentPhotoUrl)),
          description: row.environmentDescription,
          state: row.state,
          county: row.county,
          toggles: row.designToggles as DesignToggles,
          seed: seedOf(row.environmentPhotoId ?? row.id),
          safetyId: safetyIdOf(row.userId),
        };
      },
    };
  }

  return {
    toDesign,

    async get(id: string, viewerId: string): Promise<Design> {
      const row = await visible(id, viewerId);
      const design = toDesign(row);
      // An edit its owner did not choose is theirs alone (files.service.ts serves it so too).
      if (row.userId === viewerId || (row.hasEdits && row.finalDesignChoice === 'edited')) return design;
      return { ...design, editedImageUrl: null, editPrompt: null };
    },

    async select(id: string, userId: string, variant: Variant): Promise<Design> {
      const row = await ownPending(id, userId);
      if (row.hasEdits || row.editStartedAt) throw new ConflictError(apiMessages.editKeepsVariant);
      if (!(variant === 'A' ? row.designAUrl : row.designBUrl))
        throw new ValidationError(apiMessages.variantMissing(variant));
      const updated = await repo.select(id, userId, variant);
      if (!updated) throw new ConflictError(generationMessages.notPending);
      return toDesign({ ...updated, currentDesignerName: row.currentDesignerName });
    },

    /**
     * Starts the one edit (spec §4): claims it and queues the `edit-design` job, then waits a
     * little for it, so a quick edit answers as one request. An edit still running after
     * `editWaitMs` is answered `running: true`; the page follows `editJob` on the design.
     */
    async edit(
      id: string,
      userId: string,
      editPrompt: string,
    ): Promise<{ design: Design; running: boolean }> {
      const row = await ownPending(id, userId);
      if (!row.selectedVariant) throw new ValidationError(generationMessages.editNeedsSelection);
      if (row.hasEdits) throw new ConflictError(generationMessages.alreadyEdited);
      if (!editSource(row)) throw new ValidationError(generationMessages.editUnavailable);
      const claimed = await repo.claimEdit(id, userId, editPrompt, now());
      if (!claimed?.editStartedAt) throw new ConflictError(generationMessages.alreadyEdited);
      const claimedAt = claimed.editStartedAt;
      try {
        await deps.queueEdit(id, claimedAt);
      } catch (error) {
        await repo.failEdit(id, claimedAt, failureOf(editPrompt, error));
        throw error;
      }
      const waitMs = deps.editWaitMs ?? EDIT_WAIT_MS;
      if (waitMs === 0) return { design: toDesign(claimed), running: true };
      const deadline = Date.now() + waitMs;
      for (;;) {
        const current = await repo.findById(id);
        if (!current) throw new NotFoundError(generationMessages.designRecordMissing);
        const design = toDesign(current);
        if (design.editJob?.status === 'failed') {
          const { editFailure } = current;
          throw new HttpError(editFailure!.statusCode, editFailure!.code, editFailure!.message, {
            suggestions: editFailure!.suggestions,
          });
        }
        if (current.hasEdits) return { design, running: false };
        if (Date.now() >= deadline) return { design, running: true };
        await sleep(EDIT_POLL_MS);
      }
    },

    /**
     * The `edit-design` job: makes the edit claimed at `claimedAt`, stores it and finishes the
     * claim, or records why it was not made and lets the design be edited again. Safe to run
     * twice: a finished, failed or superseded claim is left alone.
     */
    async runEdit(id: string, claimedAt: Date): Promise<void> {
      const row = await repo.findById(id);
      if (!row || row.hasEdits || row.editStartedAt?.getTime() !== claimedAt.getTime()) return;
      // A design submitted meanwhile (past a claim left too long) keeps the image its owner chose.
      if (row.status !== 'pending_selection') return;
      const request = row.editRequest ?? '';
      const source = editSource(row);
      if (!source || !row.selectedVariant) {
        await repo.failEdit(
          id,
          claimedAt,
          failureOf(request, new ValidationError(generationMessages.editUnavailable)),
        );
        return;
      }
      let result: Awaited<ReturnType<DesignProvider['edit']>>;
      // One deadline, as a design's: the call in flight is aborted then, and the engine's share kept.
      const deadline = deadlineAfter(
        deps.editDeadlineMs,
        `the edit was not made within ${deps.editDeadlineMs} ms`,
      );
      try {
        result = await provider.edit(editSubject(row, source.recipe, source.responseId), request, deadline);
      } catch (error) {
        deps.log?.warn({ designId: id, err: error as Error }, 'edit not made');
        await repo.failEdit(id, claimedAt, failureOf(request, error));
        return;
      } finally {
        deadline.clear();
      }
      if (!result.ok) {
        await repo.failEdit(
          id,
          claimedAt,
          failureOf(request, new EditNotUnderstood(result.reason, result.suggestions)),
        );
        return;
      }
      if (!(await repo.editUploading(id, claimedAt))) return;
      const photoId = row.environmentPhotoId ?? row.id;
      const key = storageKeys.editedDesign(row.createdAt, photoId, row.selectedVariant === 'A' ? 'a' : 'b');
      const thumbKey = storageKeys.thumbnail(key);
      await storage.put(key, result.png);
      await storage.put(thumbKey, await designThumbnail(result.png));
      await repo.finishEdit(id, claimedAt, {
        editedImageUrl: key,
        editedThumbnailUrl: thumbKey,
        editPrompt: request,
        editedRecipe: result.recipe,
        editNote: result.note,
        at: now(),
      });
    },

    async submit(
      id: string,
      userId: string,
      request: { name: string; finalDesignChoice?: 'original' | 'edited'; repeatCm?: number },
    ): Promise<Design> {
      const row = await ownPending(id, userId);
      if (!row.selectedVariant) throw new ValidationError(generationMessages.submitNeedsSelection);
      // An edit still running would finish on the published design, against the owner's choice.
      if (editRunning(row, now())) throw new ConflictError(generationMessages.editStillRunning);
      const choice = finalChoice(row.hasEdits, request.finalDesignChoice);
      const variantKey = row.selectedVariant === 'A' ? row.designAUrl : row.designBUrl;
      const variantThumb = row.selectedVariant === 'A' ? row.designAThumbnailUrl : row.designBThumbnailUrl;
      const imageKey = choice === 'edited' ? row.editedImageUrl : variantKey;
      const thumbKey = choice === 'edited' ? row.editedThumbnailUrl : variantThumb;
      if (!imageKey) throw new ValidationError(generationMessages.submitNeedsSelection);
      const designerName = (await deps.displayName(userId))?.trim() || messages.anonymous;
      // The page-size rendition is written before the row points at it (a fixed key: a second
      // submit rewrites the same bytes), so a submitted design never names a missing file.
      const displayKey = storageKeys.displayVersion(imageKey);
      await storage.put(displayKey, await designDisplayImage(await storage.getBytes(imageKey)));
      const updated = await repo.submit(id, userId, {
        name: request.name,
        designerName,
        finalDesignChoice: choice,
        imageUrl: imageKey,
        thumbnailUrl: thumbKey,
        displayUrl: displayKey,
        repeatCm: request.repeatCm ?? DEFAULT_REPEAT_CM,
        at: now(),
      });
      if (!updated) {
        // An edit claimed between the read above and this write: the same refusal.
        const current = await repo.findById(id);
        if (current && current.status === 'pending_selection' && editRunning(current, now()))
          throw new ConflictError(generationMessages.editStillRunning);
        throw new ConflictError(generationMessages.notPending);
      }
      deps.onGalleryChange?.();
      deps.onSubmitted?.(id);
      return toDesign({ ...updated, currentDesignerName: designerName });
    },

    /** Spec §6: the owner names a design whose name is empty or 'No Name'; once only. */
    async rename(id: string, userId: string, name: string): Promise<Design> {
      const row = await visible(id, userId);
      if (row.userId !== userId) throw new ForbiddenError(generationMessages.onlyOwner);
      if (!isUnnamed(row.name)) throw new ConflictError(generationMessages.alreadyNamed);
      const updated = await repo.renameUnnamed(id, userId, name);
      if (!updated) throw new ConflictError(generationMessages.alreadyNamed);
      deps.onGalleryChange?.();
      return toDesign({ ...updated, currentDesignerName: row.currentDesignerName });
    },

    /** The designer's story (spec design detail): the owner writes, rewrites or removes it. */
    async setStory(id: string, userId: string, story: string): Promise<Design> {
      const row = await visible(id, userId);
      if (row.userId !== userId) throw new ForbiddenError(generationMessages.onlyOwner);
      const updated = await repo.setStory(id, userId, story === '' ? null : story);
      if (!updated) throw new NotFoundError(messages.designNotFound);
      return toDesign({ ...updated, currentDesignerName: row.currentDesignerName });
    },

    /**
     * The chosen design as a seamless tile (1024, the stored image) or a print file (4096,
     * rendered from the recipe on first request, then stored and served from storage).
     */
    async exportImage(
      id: string,
      userId: string,
      size: number,
    ): Promise<{ bytes: Uint8Array; filename: string }> {
      return work.request(userId, async () => {
        const row = await visible(id, userId);
        if (row.userId !== userId) throw new ForbiddenError(apiMessages.printOwnerOnly);
        const key = chosenImageKey(row);
        if (!key) throw new ValidationError(generationMessages.submitNeedsSelection);
        const filename = exportFilename(row.name, size, row.repeatCm);
        if (size === 1024) return { bytes: await storage.getBytes(key), filename };
        const printKey = storageKeys.printExport(key, size);
        if (await storage.exists(printKey)) return { bytes: await storage.getBytes(printKey), filename };
        const edited = row.hasEdits && row.finalDesignChoice === 'edited';
        const recipe = edited ? row.editedRecipe : row.selectedVariant === 'B' ? row.recipeB : row.recipeA;
        // Rendered once (then stored), on the engine's thread within the bounds of engine work (decision 025).
        const bytes = await work.cached(
          workKey('print', { design: key, size }),
          () =>
            work.gated(userId, async () => {
              const rendered = await provider.render(recipe, size);
              if (!rendered) throw new ValidationError(apiMessages.printUnavailable);
              await storage.put(printKey, rendered);
              return rendered;
            }),
          { keep: false },
        );
        return { bytes, filename };
      });
    },
  };
}

/** How long an edit request waits for its job before the page follows it instead. */
const EDIT_WAIT_MS = 8000;
const EDIT_POLL_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The owner's edit while it runs, or the last one that failed; only before submission. */
function editJobOf(row: DesignRecord): EditJob | null {
  if (row.status !== 'pending_selection' || row.hasEdits) return null;
  if (row.editStartedAt && row.editRequest)
    return {
      status: 'processing',
      stage: row.editStage ?? 'processing_edit',
      request: row.editRequest,
      startedAt: row.editStartedAt.toISOString(),
    };
  if (row.editFailure) {
    const { request, message, code, suggestions } = row.editFailure;
    return { status: 'failed', request, message, code, suggestions };
  }
  return null;
}

/** Why an edit was not made, as its request would have answered (an HttpError's status and words). */
function failureOf(request: string, error: unknown): EditFailure {
  if (error instanceof HttpError) {
    const suggestions = error.details.suggestions;
    return {
      request,
      message: error.message,
      statusCode: error.statusCode,
      code: error.code,
      suggestions: Array.isArray(suggestions) ? suggestions.map(String) : [],
    };
  }
  return { request, message: apiMessages.editFailed, statusCode: 503, code: 'unavailable', suggestions: [] };
}

/** An edit refused: the reason worded, the suggestions as codes for the page to word. */
export class EditNotUnderstood extends UnprocessableError {
  constructor(reason: EditRefusalReason, suggestions: EditSuggestionCode[]) {
    super(editRefusalText[reason], 'edit_not_understood', { suggestions });
  }
}

export type DesignsService = ReturnType<typeof createDesignsService>;
