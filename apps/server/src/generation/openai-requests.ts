import type OpenAI from 'openai';
import type { DesignToggles, Variant } from '@camo/shared/generation.schema';
import { stateName } from '@camo/shared/states';
import type { OpenAiSettings } from '../platform/config.js';
import type { ProviderInput } from './provider.js';

/**
 * The requests the OpenAI provider sends, built here so that the type-checker holds every one
 * against the pinned `openai` package's `ResponseCreateParamsNonStreaming` (the `satisfies`
 * below, and openai-requests.test.ts), and the stand-in checks them against zod schemas written
 * from the same types.
 */

type Settings = Pick<OpenAiSettings, 'model' | 'imageModel' | 'storeResponses'>;

/** The picture every design asks for: a square of the design's print tile at medium quality. */
export const IMAGE_SIZE = '1024x1024' as const;
export const IMAGE_QUALITY = 'medium' as const;

/** The named members of a union that also takes any string (`(string & {}) | 'a' | 'b'` -> 'a' | 'b'). */
type Named<T> = T extends string ? (string extends T ? never : T) : never;
/** The image models the pinned `openai` package's types name for the image_generation tool. */
export type ListedImageModel = Named<OpenAI.Responses.Tool.ImageGeneration['model']>;

/**
 * What one picture costs by image model, quality and size (US dollars; OpenAI's price list for
 * the Responses image tool and the Image API, the same per-image figures). A model not listed is
 * counted at OPENAI_COST_PER_IMAGE_USD; only a model the pinned types name can be listed.
 */
export const IMAGE_PRICES: Partial<
  Record<
    ListedImageModel,
    Record<'low' | 'medium' | 'high', Record<'1024x1024' | '1024x1536' | '1536x1024', number>>
  >
> = {
  'gpt-image-1': {
    low: { '1024x1024': 0.011, '1024x1536': 0.016, '1536x1024': 0.016 },
    medium: { '1024x1024': 0.042, '1024x1536': 0.063, '1536x1024': 0.063 },
    high: { '1024x1024': 0.167, '1024x1536': 0.25, '1536x1024': 0.25 },
  },
  'gpt-image-1-mini': {
    low: { '1024x1024': 0.005, '1024x1536': 0.006, '1536x1024': 0.006 },
    medium: { '1024x1024': 0.011, '1024x1536': 0.015, '1536x1024': 0.015 },
    high: { '1024x1024': 0.036, '1024x1536': 0.052, '1536x1024': 0.052 },
  },
  'gpt-image-1.5': {
    low: { '1024x1024': 0.009, '1024x1536': 0.013, '1536x1024': 0.013 },
    medium: { '1024x1024': 0.034, '1024x1536': 0.05, '1536x1024': 0.05 },
    high: { '1024x1024': 0.133, '1024x1536': 0.2, '1536x1024': 0.2 },
  },
};

/** The price of one of our pictures from `imageModel`, or undefined when the table has none. */
export function imagePriceUsd(imageModel: string): number | undefined {
  return IMAGE_PRICES[imageModel as ListedImageModel]?.[IMAGE_QUALITY][IMAGE_SIZE];
}

/** The image tool as every request sets it; `action` says whether to draw anew or edit the input. */
function imageTool(settings: Settings, action: 'generate' | 'edit') {
  return {
    type: 'image_generation',
    model: settings.imageModel,
    size: IMAGE_SIZE,
    quality: IMAGE_QUALITY,
    output_format: 'png',
    action,
    // Keep the design's shapes and colours when editing it (gpt-image-1-mini does not take it).
    ...(action === 'edit' && settings.imageModel !== 'gpt-image-1-mini'
      ? { input_fidelity: 'high' as const }
      : {}),
  } satisfies OpenAI.Responses.Tool.ImageGeneration;
}

/** What every request carries: the models, storage, the person's safety id and the image tool, forced. */
function common(settings: Settings, safetyId: string, action: 'generate' | 'edit') {
  return {
    model: settings.model,
    store: settings.storeResponses,
    safety_identifier: safetyId,
    tools: [imageTool(settings, action)],
    tool_choice: { type: 'image_generation' as const },
  };
}

/** Design A or B: the prompt and the photo, drawn anew (`action: 'generate'`, not an edit of the photo). */
export function generateRequest(
  settings: Settings,
  call: { prompt: string; photoDataUrl: string; safetyId: string },
) {
  return {
    ...common(settings, call.safetyId, 'generate'),
    input: [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: call.prompt },
          { type: 'input_image', image_url: call.photoDataUrl, detail: 'low' },
        ],
      },
    ],
  } satisfies OpenAI.Responses.ResponseCreateParamsNonStreaming;
}

/** An edit that continues the design's conversation (the service still keeps the response). */
export function editByResponseRequest(
  settings: Settings,
  call: { request: string; previousResponseId: string; safetyId: string },
) {
  return {
    ...common(settings, call.safetyId, 'edit'),
    previous_response_id: call.previousResponseId,
    input: [{ role: 'user', content: [{ type: 'input_text', text: call.request }] }],
  } satisfies OpenAI.Responses.ResponseCreateParamsNonStreaming;
}

/** An edit of the stored design itself, for when its response is gone or was never stored. */
export function editByImageRequest(
  settings: Settings,
  call: { request: string; imageDataUrl: string; safetyId: string },
) {
  return {
    ...common(settings, call.safetyId, 'edit'),
    input: [
      {
        role: 'user',
        content: [
          {
            type: 'input_text',
            text:
              `Edit the attached camouflage pattern: ${call.request.trim()}. ` +
              'Keep it a square tile of flat colours that repeats seamlessly: no shading, gradients, text or objects.',
          },
          { type: 'input_image', image_url: call.imageDataUrl, detail: 'high' },
        ],
      },
    ],
  } satisfies OpenAI.Responses.ResponseCreateParamsNonStreaming;
}

const STYLE: Record<Variant, string> = {
  A: 'an organic woodland-style camouflage: irregular soft-edged blotches of several sizes, layered',
  B: 'a digital camouflage: a pattern of small square pixels in clusters, with straight edges only',
};

const TOGGLE_WORDS: Record<keyof DesignToggles, string> = {
  blobs: 'large rounded blobs',
  contourLines: 'thin contour lines',
  speckledDots: 'speckled dots',
  geometricShapes: 'angular geometric shapes',
  organicObjects: 'leaf and branch shapes',
  highContrast: 'high contrast between light and dark',
  limitedPalette: 'only three colours',
  outlineStrokes: 'outlined shapes',
  whiteSpace: 'open areas of the lightest colour',
};

/** The prompt: the person's description, the place, the style of the variant and their toggles. */
export function designPrompt(
  input: Pick<ProviderInput, 'description' | 'state' | 'county' | 'toggles'>,
  variant: Variant,
) {
  const place = [
    input.county && input.county !== 'N/A' ? input.county : '',
    stateName(input.state) ?? input.state,
  ]
    .filter(Boolean)
    .join(', ');
  const extras = (Object.keys(TOGGLE_WORDS) as (keyof DesignToggles)[])
    .filter((k) => input.toggles[k])
    .map((k) => TOGGLE_WORDS[k]);
  return [
    `Design ${STYLE[variant]} for hunters in ${place}.`,
    `Match the ground and vegetation of the attached photo: ${input.description.trim()}.`,
    'Take 4 to 6 flat colours from the ground and plants, never from the sky or water.',
    extras.length ? `Include ${extras.join(', ')}.` : '',
    'Flat colours only: no shading, gradients, text or objects; a square tile that repeats seamlessly.',
  ]
    .filter(Boolean)
    .join(' ');
}
