import { limits } from './limits.js';
import { messages } from './messages.js';
import { designToggleNames, type DesignToggleName, type DesignToggles } from './vocabulary.js';

/**
 * The messages of the create flow and the design page, without the schemas (generation.ts): what
 * a page shows needs no zod.
 */

export const generationMessages = {
  // §5
  missingInputs:
    'Please upload a photo, select a state, and provide a description of your environment photo.',
  invalidImage: 'Please select a valid image file.',
  editRequired: 'Please enter your edit request.',
  editNeedsSelection: 'Please select a design before editing.',
  editUnavailable:
    'Image editing is not available for this design. The AI generation may have failed to provide editing capabilities.',
  nameRequired: 'Please enter a name for your design.',
  submitNeedsSelection: 'Please select a design before submitting.',
  designRecordMissing: 'Design document not found. Please try generating the design again.',
  // §4 outcomes
  bothGenerated: 'Both designs generated! Please select your preferred design.',
  oneGenerated: 'One design generated successfully! Please proceed with your design.',
  noneGenerated: 'Design generation completed. Please review your results.',
  savedWithIssue:
    'Designs generated but there was an issue saving to database. You can still view and select designs.',
  generationFailed: 'Failed to generate designs. Please try again.',
  oneDesignRetrying: 'One design failed, trying to generate remaining design...',
  patience: 'Be patient - takes up to 5 minutes',
  // §8
  editFailedPrefix: 'Failed to edit image: ',
  submitFailed: 'Failed to submit design. Please try again.',
  // Ours (the specification is silent)
  descriptionTooLong: `Description must be ${limits.descriptionMax} characters or less.`,
  editTooLong: `Edit request must be ${limits.editPromptMax} characters or less.`,
  nameTooLong: `Design name must be ${limits.designNameMax} characters or less.`,
  unknownState: 'Please select a state from the list.',
  unknownCounty: 'Please select a county from the list, or leave it empty.',
  alreadyEdited: 'This design has already been edited. Only one edit is allowed per design.',
  notPending: 'This design has already been submitted.',
  editStillRunning:
    'Your edit is still being made. When it is done, choose the original or the edited version, then submit.',
  // The design page (spec §5 "Rename on detail page", §6)
  renameEmpty: 'Design name cannot be empty.',
  renameFailed: 'Failed to update design name.',
  alreadyNamed: 'This design already has a name.',
  storyTooLong: `The story can be at most ${limits.storyMax} characters.`,
  storyFailed: 'Failed to save the story.',
  onlyOwner: 'Only the designer can change this design.',
} as const;

/** Spec §6: a name that may still be replaced on the design page. */
export function isUnnamed(name: string): boolean {
  const trimmed = name.trim();
  return trimmed === '' || trimmed === messages.noName;
}

export { designToggleNames };
export type { DesignToggleName, DesignToggles };

export function defaultDesignToggles(): DesignToggles {
  return Object.fromEntries(designToggleNames.map((name) => [name, false])) as DesignToggles;
}

/** Upload limits (architecture: improvement 4). */
export const uploadLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 50_000_000,
  /**
   * The shorter side below which no design or prediction is made from a photo (issue 40): a
   * 40 x 30 px photo gave two flat squares and every figure out of range, while the engine's
   * narrowest fixture, a 640 x 214 px grassland panorama, makes good designs.
   */
  minShortSide: 200,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;

/**
 * What an upload is refused with, the same words in the browser (checked when the file is chosen)
 * and on the server (which checks again what the browser missed).
 */
export const uploadMessages = {
  tooManyPixels: `This photo has too many pixels (more than ${uploadLimits.maxPixels / 1_000_000} megapixels). Please choose a smaller photo.`,
  tooSmall: `This photo is too small (under ${uploadLimits.minShortSide} pixels on its shorter side). Please choose a larger photo.`,
  damaged: 'This image file is damaged or incomplete. Please choose another photo.',
  unsupported: 'Please choose a JPEG, PNG or WebP photo.',
  heif: "HEIC and AVIF photos can't be read yet. Please choose a JPEG, PNG or WebP photo (on an iPhone, Settings > Camera > Formats > Most Compatible takes JPEGs).",
  tooLarge: `This photo is larger than ${uploadLimits.maxBytes / 1024 / 1024} MB. Please choose a smaller photo.`,
} as const;

/**
 * The second line under each of the seven progress stages (whose labels are the specification's):
 * what runs at that stage, in plain words, by what makes the designs (issue 40). Keyed by stage id.
 */
export function generationStageNotes(generator: 'built-in' | 'ai'): Record<string, string> {
  const maker = generator === 'ai' ? 'The AI image service' : 'The built-in generator';
  return {
    uploading_photo: 'Your photo is on its way.',
    uploading_to_storage: 'Location data is stripped from it and it is stored.',
    generating_designs: `${maker} is reading your photo: its colours, how much of each, and the size of its shapes.`,
    ai_generation: `${maker} is drawing design A (organic blobs) and design B (digital squares) from them.`,
    uploading_designs: 'Both designs are being saved.',
    creating_document: 'Your design record is being written.',
    finalizing: 'Almost there.',
  };
}
