import { versatilitySchema } from './concealment.schema.js';
import { isRepeatCm, shapesText } from './shapes.js';
import { z } from './zod.js';
import { cleanText } from './text-clean.js';
import { limits } from './limits.js';
import { stateName } from './states.js';
import {
  defaultDesignToggles,
  designToggleNames,
  generationMessages,
  type DesignToggleName,
} from './generation.js';

/**
 * The create-design flow (spec §2 /create-design, §4, §5, §7): the request the browser sends
 * with the photo, the stages the server reports, and the shapes of a generation and a design.
 * One contract for the browser and the server. Its messages and toggle names are in generation.ts,
 * which the browser's pages import without the schemas (and without zod).
 */

export {
  defaultDesignToggles,
  designToggleNames,
  generationMessages,
  isUnnamed,
  type DesignToggleName,
  type DesignToggles,
} from './generation.js';

export const designTogglesSchema = z
  .object(
    Object.fromEntries(designToggleNames.map((name) => [name, z.boolean().default(false)])) as Record<
      DesignToggleName,
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .strict();

export const descriptionSchema = z
  .string()
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, generationMessages.missingInputs)
      .max(limits.descriptionMax, generationMessages.descriptionTooLong),
  );

export const stateCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => stateName(v) !== undefined, generationMessages.unknownState);

/**
 * The fields sent beside the photo (multipart form fields of POST /api/generations). The county
 * is checked against the state's counties on the server; `designToggles` travels as JSON text.
 * `idempotencyKey` is made once per Generate click: repeating the request makes no second job.
 */
export const generationFieldsSchema = z.object({
  description: descriptionSchema,
  state: stateCodeSchema,
  county: z
    .string()
    .max(100, generationMessages.unknownCounty)
    .optional()
    .transform((v) => cleanText(v ?? '')),
  designToggles: designTogglesSchema.default(defaultDesignToggles()),
  idempotencyKey: z.uuid('idempotencyKey must be a UUID.'),
});
export type GenerationFields = z.infer<typeof generationFieldsSchema>;

/** Spec §4 progress stages, in order, with the labels of spec §2 step 2. */
export const generationStages = [
  { id: 'uploading_photo', label: 'Uploading Photo' },
  { id: 'uploading_to_storage', label: 'Storing Photo' },
  { id: 'generating_designs', label: 'AI Analysis' },
  { id: 'ai_generation', label: 'Generating Designs' },
  { id: 'uploading_designs', label: 'Saving Designs' },
  { id: 'creating_document', label: 'Creating Record' },
  { id: 'finalizing', label: 'Finalizing' },
] as const;
export type GenerationStage = (typeof generationStages)[number]['id'];
export const generationStageIds = generationStages.map((s) => s.id) as [
  GenerationStage,
  ...GenerationStage[],
];

export const environmentPhotoStatuses = ['pending', 'uploaded', 'processing', 'completed', 'failed'] as const;
export type EnvironmentPhotoStatus = (typeof environmentPhotoStatuses)[number];

/** `hidden`: a moderator took a submitted design out of the community (its owner still sees it). */
export const designStatuses = ['pending_selection', 'submitted', 'hidden'] as const;
export type DesignStatus = (typeof designStatuses)[number];

/** How a finished generation came out: the §4 outcome messages follow from it. */
export const generationOutcomes = ['both', 'one', 'none', 'save_failed'] as const;
export type GenerationOutcome = (typeof generationOutcomes)[number];

export function outcomeMessage(outcome: GenerationOutcome): string {
  switch (outcome) {
    case 'both':
      return generationMessages.bothGenerated;
    case 'one':
      return generationMessages.oneGenerated;
    case 'none':
      return generationMessages.noneGenerated;
    case 'save_failed':
      return generationMessages.savedWithIssue;
  }
}

export const variantSchema = z.enum(['A', 'B']);
export type Variant = z.infer<typeof variantSchema>;

/** Spec §4 edit stages the server reports while an edit runs (the page adds 'completed'). */
export const editStageIds = ['processing_edit', 'uploading_edited'] as const;

/** An edit runs as a job: the page shows its stage, or why it was not made, and resumes after a reload. */
export const editJobSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('processing'),
    stage: z.enum(editStageIds),
    request: z.string(),
    startedAt: z.string(),
  }),
  z.object({
    status: z.literal('failed'),
    request: z.string(),
    /** The sentence to show after generationMessages.editFailedPrefix. */
    message: z.string(),
    /** The API error code it stands for (edit_not_understood, service_unavailable, ...). */
    code: z.string(),
    /** A refused edit's suggestions as codes (@camo/shared/edit-refusal words them). */
    suggestions: z.array(z.string()),
  }),
]);
export type EditJob = z.infer<typeof editJobSchema>;

/**
 * A design record as its owner sees it (spec §3 field names). Image fields are URLs made by the
 * server from storage keys; `thumbnail*` are small WebP versions for grids.
 */
export const designSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** The chosen image as a WebP at page size, once submitted (null before, and for older designs). */
  displayUrl: z.string().nullable(),
  /**
   * The image the design shows, as the server decides it (the page-size rendition when there is
   * one, else the edited image when chosen, else the selected variant's): the browser never
   * decides it again.
   */
  shownImageUrl: z.string().nullable(),
  /** Whether the image shown is the edited one (the edit chosen over the variant). */
  showsEdit: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  environmentDescription: z.string(),
  environmentPhotoId: z.string().nullable(),
  environmentPhotoUrl: z.string().nullable(),
  designerName: z.string(),
  createdAt: z.string(),
  voteCount: z.number().int(),
  state: z.string(),
  county: z.string(),
  generationMethod: z.string(),
  status: z.enum(designStatuses),
  designToggles: z.record(z.string(), z.boolean()),
  designAId: z.string().nullable(),
  designAUrl: z.string().nullable(),
  designAThumbnailUrl: z.string().nullable(),
  markdownAnalysisA: z.string().nullable(),
  openaiResponseIdA: z.string().nullable(),
  designBId: z.string().nullable(),
  designBUrl: z.string().nullable(),
  designBThumbnailUrl: z.string().nullable(),
  markdownAnalysisB: z.string().nullable(),
  openaiResponseIdB: z.string().nullable(),
  selectedVariant: variantSchema.nullable(),
  finalDesignChoice: z.enum(['original', 'edited']),
  /** How wide one tile is printed, in cm (decision 035): chosen when submitting, 75 unless chosen. */
  repeatCm: z.number(),
  submittedAt: z.string().nullable(),
  editedImageUrl: z.string().nullable(),
  editPrompt: z.string().nullable(),
  editedAt: z.string().nullable(),
  hasEdits: z.boolean(),
  /** Why another generator than the design's own made the edit (e.g. the built-in engine stood in). */
  editNote: z.string().nullable(),
  /** The owner's edit while it runs (a job), or the last one that failed; null otherwise. */
  editJob: editJobSchema.nullable(),
  promptA: z.string().nullable(),
  promptB: z.string().nullable(),
  story: z.string().nullable(),
  /** The breeding ground's design it was taken from (decision 038): its family tree's page. */
  bredDesignId: z.string().optional(),
  /** Why a moderator hid the design (status `hidden`, shown to its owner alone); null otherwise. */
  hiddenReason: z.string().nullable(),
  /** Predicted hiding across photos of other designs from its state (issue 28); null until measured. */
  versatility: versatilitySchema.optional(),
});
export type Design = z.infer<typeof designSchema>;

/** A generation (an environment_photos record) and, once made, its design record. */
export const generationSchema = z.object({
  photoId: z.string(),
  status: z.enum(environmentPhotoStatuses),
  /** The stage the server is at; null before processing starts or after it ends. */
  stage: z.enum(generationStageIds).nullable(),
  /** A progress note, e.g. generationMessages.oneDesignRetrying while a failed design is retried. */
  note: z.string().nullable(),
  /** Set when status is 'failed': the message to show (generationMessages.generationFailed). */
  error: z.string().nullable(),
  outcome: z.enum(generationOutcomes).nullable(),
  outcomeMessage: z.string().nullable(),
  description: z.string(),
  state: z.string(),
  county: z.string(),
  designToggles: z.record(z.string(), z.boolean()),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  processingStarted: z.string().nullable(),
  processingCompleted: z.string().nullable(),
  /** Present when the designs exist but their record could not be saved (outcome 'save_failed'). */
  designAUrl: z.string().nullable(),
  designBUrl: z.string().nullable(),
  design: designSchema.nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationStartedSchema = z.object({ photoId: z.string() });
export type GenerationStarted = z.infer<typeof generationStartedSchema>;

/** A generation the user has not finished (still running, or designs waiting to be submitted). */
export const generationSummarySchema = z.object({
  photoId: z.string(),
  status: z.enum(environmentPhotoStatuses),
  stage: z.enum(generationStageIds).nullable(),
  description: z.string(),
  state: z.string(),
  county: z.string(),
  createdAt: z.string(),
  designId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export const generationListSchema = z.object({ generations: z.array(generationSummarySchema) });
export type GenerationSummary = z.infer<typeof generationSummarySchema>;

export const selectVariantSchema = z.object({ variant: variantSchema }).strict();

export const editRequestSchema = z
  .object({
    editPrompt: z
      .string()
      .transform(cleanText)
      .pipe(
        z
          .string()
          .min(1, generationMessages.editRequired)
          .max(limits.editPromptMax, generationMessages.editTooLong),
      ),
  })
  .strict();

/** A design name: one line, no angle brackets, at most 50 characters; `empty` when blank. */
const designName = (empty: string) =>
  z
    .string()
    .transform((v) => cleanText(v).replace(/[<>]/g, '').replace(/\s+/g, ' '))
    .pipe(z.string().min(1, empty).max(limits.designNameMax, generationMessages.nameTooLong));

export const designNameSchema = designName(generationMessages.nameRequired);

/**
 * Spec §6: the owner may rename a design only while its name is empty or 'No Name'; the server
 * makes that condition part of the write, so of two concurrent renames one wins.
 */
export const renameDesignSchema = z.object({ name: designName(generationMessages.renameEmpty) }).strict();

/** The designer's optional story: plain text with its line breaks, empty to remove it. */
export const designStorySchema = z
  .object({
    story: z
      .string()
      .transform(cleanText)
      .pipe(z.string().max(limits.storyMax, generationMessages.storyTooLong)),
  })
  .strict();

export const submitDesignSchema = z
  .object({
    name: designNameSchema,
    /** Use Original / Use Edited; when an edit exists and this is absent, edited is chosen (spec §4). */
    finalDesignChoice: z.enum(['original', 'edited']).optional(),
    /** The tile's printed width (decision 035); DEFAULT_REPEAT_CM when absent. Fixed once submitted. */
    repeatCm: z
      .number({ error: shapesText.repeatInvalid })
      .refine(isRepeatCm, shapesText.repeatInvalid)
      .optional(),
  })
  .strict();

/** Print export sizes: the 1024 px seamless tile and the 4096 px print file. */
export const exportSizes = [1024, 4096] as const;
export const exportQuerySchema = z.object({
  size: z.coerce
    .number()
    .int()
    .refine((n) => (exportSizes as readonly number[]).includes(n), 'size must be 1024 or 4096')
    .default(1024),
});

/** Spec §4: finalDesignChoice is original unless an edit exists and edited is chosen. */
export function finalChoice(
  hasEdits: boolean,
  requested: 'original' | 'edited' | undefined,
): 'original' | 'edited' {
  if (!hasEdits) return 'original';
  return requested ?? 'edited';
}

export { uploadLimits, uploadMessages } from './generation.js';
