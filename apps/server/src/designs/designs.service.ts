import { versatilityOf } from '../ground/versatility.js';
import { apiMessages } from '@camo/shared/api-messages';
import { editRefusalText, type EditRefusalReason, type EditSuggestionCode } from '@camo/shared/edit-refusal';
import { messages } from '@camo/shared/messages';
import {
  finalChoice,
  generationMessages,
  isUnnamed,
  type Design,
  type DesignToggles,
  type Variant,
} from '@camo/shared/generation.schema';
import { seedOf, type DesignProvider, type EditSubject } from '../generation/provider.js';
import { decodeForEngine, designDisplayImage, designThumbnail } from '../generation/photo-image.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../platform/http-errors.js';
import { storageKeys, type FileUrl, type Storage } from '../platform/storage.js';
import { canView, chosenImageKey, chosenThumbnailKey } from './design-policy.js';
import type { DesignRecord, DesignsRepository, DesignWithDesigner } from './designs.repository.js';

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
  now?: () => Date;
}) {
  const { repo, storage, fileUrl, provider } = deps;
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
      submittedAt: iso(row.submittedAt),
      editedImageUrl: fileUrl(row.editedImageUrl),
      editPrompt: row.editPrompt,
      editedAt: iso(row.editedAt),
      hasEdits: row.hasEdits,
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

  /** What the provider edits from: the recipe or response id, and on demand the image and the generation's input. */
  function editSubject(row: DesignRecord, recipe: unknown, responseId: string): EditSubject {
    const imageKey = row.selectedVariant === 'B' ? row.designBUrl : row.designAUrl;
    return {
      recipe,
      responseId,
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
        };
      },
    };
  }

  return {
    toDesign,

    async get(id: string, viewerId: string): Promise<Design> {
      return toDesign(await visible(id, viewerId));
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

    async edit(id: string, userId: string, editPrompt: string): Promise<Design> {
      const row = await ownPending(id, userId);
      if (!row.selectedVariant) throw new ValidationError(generationMessages.editNeedsSelection);
      if (row.hasEdits) throw new ConflictError(generationMessages.alreadyEdited);
      const variant = row.selectedVariant;
      const responseId = variant === 'A' ? row.openaiResponseIdA : row.openaiResponseIdB;
      const recipe = variant === 'A' ? row.recipeA : row.recipeB;
      // The engine edits from its recipe, an image service from its response id (openai-provider).
      if (!responseId || (!recipe && !responseId.startsWith('resp_')))
        throw new ValidationError(generationMessages.editUnavailable);
      const at = now();
      const claimed = await repo.claimEdit(id, userId, at);
      if (!claimed) throw new ConflictError(generationMessages.alreadyEdited);
      try {
        const result = await provider.edit(editSubject(row, recipe, responseId), editPrompt);
        if (!result.ok) throw new EditNotUnderstood(result.reason, result.suggestions);
        const photoId = row.environmentPhotoId ?? row.id;
        const key = storageKeys.editedDesign(row.createdAt, photoId, variant === 'A' ? 'a' : 'b');
        const thumbKey = storageKeys.thumbnail(key);
        await storage.put(key, result.png);
        await storage.put(thumbKey, await designThumbnail(result.png));
        const done = await repo.finishEdit(id, userId, {
          editedImageUrl: key,
          editedThumbnailUrl: thumbKey,
          editPrompt,
          editedRecipe: result.recipe,
          at: now(),
        });
        if (!done) throw new ConflictError(generationMessages.alreadyEdited);
        return toDesign({ ...done, currentDesignerName: row.currentDesignerName });
      } catch (error) {
        await repo.releaseEdit(id);
        throw error;
      }
    },

    async submit(
      id: string,
      userId: string,
      request: { name: string; finalDesignChoice?: 'original' | 'edited' },
    ): Promise<Design> {
      const row = await ownPending(id, userId);
      if (!row.selectedVariant) throw new ValidationError(generationMessages.submitNeedsSelection);
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
        at: now(),
      });
      if (!updated) throw new ConflictError(generationMessages.notPending);
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
      const row = await visible(id, userId);
      if (row.userId !== userId) throw new ForbiddenError(apiMessages.printOwnerOnly);
      const key = chosenImageKey(row);
      if (!key) throw new ValidationError(generationMessages.submitNeedsSelection);
      const slug =
        (row.name || 'camo-design')
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'camo-design';
      if (size === 1024) return { bytes: await storage.getBytes(key), filename: `${slug}-tile-1024.png` };
      const printKey = storageKeys.printExport(key, size);
      if (await storage.exists(printKey))
        return { bytes: await storage.getBytes(printKey), filename: `${slug}-print-${size}.png` };
      const edited = row.hasEdits && row.finalDesignChoice === 'edited';
      const recipe = edited ? row.editedRecipe : row.selectedVariant === 'B' ? row.recipeB : row.recipeA;
      const bytes = await provider.render(recipe, size);
      if (!bytes) throw new ValidationError(apiMessages.printUnavailable);
      await storage.put(printKey, bytes);
      return { bytes, filename: `${slug}-print-${size}.png` };
    },
  };
}

/** An edit the generator could not map to any change; the message says what it can do. */
/** An edit refused: the reason worded, the suggestions as codes for the page to word. */
export class EditNotUnderstood extends UnprocessableError {
  constructor(reason: EditRefusalReason, suggestions: EditSuggestionCode[]) {
    super(editRefusalText[reason], 'edit_not_understood', { suggestions });
  }
}

export type DesignsService = ReturnType<typeof createDesignsService>;
