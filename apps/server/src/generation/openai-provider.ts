import { createHash, randomUUID } from 'node:crypto';
import type { DesignToggles, Variant } from '@camo/shared/generation.schema';
import { stateName } from '@camo/shared/states';
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { OpenAiSettings } from '../platform/config.js';
import { ServiceUnavailableError } from '../platform/http-errors.js';
import { checkTile, toFlatTile, type TileCheck } from './flat-colours.js';
import type { ProviderUsage } from './provider-usage.repository.js';
import type { DesignProvider, ProviderDesign, ProviderInput } from './provider.js';

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

/** Why the service's design was not used, for the design's note and its analysis. */
function reasonOf(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError) return 'the AI image service did not answer in time';
  if (error instanceof APIError) {
    if (error.status === 429) return 'the AI image service was too busy (rate limited)';
    if (error.status && error.status >= 500) return `the AI image service failed (HTTP ${error.status})`;
    if (error.status)
      return `the AI image service refused the request (${error.code ?? `HTTP ${error.status}`})`;
    return 'the AI image service could not be reached';
  }
  if (error instanceof NotUsable) return error.message;
  return 'the AI image service failed';
}

class NotUsable extends Error {}

const capitalised = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** The image an answer carries, or why there is none (a refusal comes as text, not an image). */
function imageOf(response: OpenAI.Responses.Response): Buffer {
  for (const item of response.output) {
    if (item.type === 'image_generation_call' && item.result) return Buffer.from(item.result, 'base64');
  }
  const refusal = response.output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .some((part) => part.type === 'refusal');
  throw new NotUsable(
    refusal ? 'the AI image service declined to draw it' : 'the AI image service returned no image',
  );
}

/**
 * Designs from an image service speaking the OpenAI Responses API with its image_generation tool
 * (decision 009). Each answer is made into a seamless tile of flat colours and must pass the
 * engine's palette and seam checks; when the service fails, refuses, is over the day's budget or
 * its picture fails the checks, the built-in engine draws the design and the design says why.
 * An edit continues the service's conversation from the design's response id; a design the
 * engine drew is edited by the engine.
 */
export function createOpenAiProvider(deps: {
  settings: OpenAiSettings;
  fallback: DesignProvider;
  usage: ProviderUsage;
  log: Pick<Logger, 'warn' | 'info'>;
  now?: () => Date;
  /** Makes a picture a checked tile off the event loop (the engine's threads); here by default. */
  flatTile?: (image: Uint8Array) => Promise<{ png: Uint8Array; check: TileCheck }>;
}): DesignProvider {
  const { settings, fallback, usage, log } = deps;
  const now = deps.now ?? (() => new Date());
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });
  const tool = {
    type: 'image_generation' as const,
    model: settings.imageModel,
    size: '1024x1024',
    quality: 'medium' as const,
    output_format: 'png' as const,
  };

  async function reserve(): Promise<void> {
    const ok = await usage.reserve(
      Math.round(settings.costPerImageUsd * 1e6),
      Math.round(settings.dailyBudgetUsd * 1e6),
      now(),
    );
    if (!ok) throw new NotUsable("the AI image service's budget for today is spent");
  }

  /** The service's picture as a design tile, or why it cannot be one. */
  async function usableTile(picture: Buffer): Promise<{ png: Uint8Array; colours: number }> {
    const { png, check } = deps.flatTile
      ? await deps.flatTile(picture)
      : await toFlatTile(picture).then(async (tile) => ({ png: tile, check: await checkTile(tile) }));
    if (!check.ok)
      throw new NotUsable(`the AI image failed the design checks (${check.problems.join('; ')})`);
    return { png, colours: check.colours };
  }

  async function photoDataUrl(photo: ProviderInput['photo']): Promise<string> {
    const jpeg = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(768, 768, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }

  const noteLine = (reason: string) =>
    `\n\n> **Drawn by the built-in engine:** ${reason}, so the site's own generator made this design.`;

  return {
    name: `OpenAI-compatible image service (${settings.imageModel}), built-in engine as fallback`,

    async generate(input, variant): Promise<ProviderDesign> {
      const prompt = designPrompt(input, variant);
      try {
        await reserve();
        const response = await client.responses.create({
          model: settings.model,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: prompt },
                { type: 'input_image', image_url: await photoDataUrl(input.photo), detail: 'low' },
              ],
            },
          ],
          tools: [tool],
          tool_choice: { type: 'image_generation' },
        });
        const { png, colours } = await usableTile(imageOf(response));
        const place = [input.county !== 'N/A' ? input.county : '', stateName(input.state)]
          .filter(Boolean)
          .join(', ');
        return {
          png,
          responseId: response.id,
          designId: randomUUID(),
          promptId: createHash('sha256').update(prompt).digest('hex').slice(0, 16),
          prompt,
          markdownAnalysis: [
            `## Design ${variant}: ${variant === 'A' ? 'organic' : 'digital'} pattern, drawn by the AI image service`,
            '',
            `${settings.imageModel} drew this ${variant === 'A' ? 'organic' : 'digital'} pattern from your photo and description${place ? ` for ${place}` : ''}.`,
            `The site made it a seamless 1024 px tile of ${colours} flat colours and checked its palette and seams as it checks its own designs.`,
          ].join('\n'),
          recipe: null,
          note: null,
        };
      } catch (error) {
        const reason = reasonOf(error);
        log.warn(
          { variant, reason, err: error instanceof NotUsable ? undefined : error },
          'AI design not used',
        );
        const design = await fallback.generate(input, variant);
        return {
          ...design,
          markdownAnalysis: design.markdownAnalysis + noteLine(reason),
          note: `${reason[0]!.toUpperCase()}${reason.slice(1)}.`,
        };
      }
    },

    async edit(design, request) {
      // A design the engine drew (directly or as the fallback) is edited by the engine.
      if (design.recipe) return fallback.edit(design, request);
      if (!design.responseId?.startsWith('resp_'))
        return { ok: false, reason: 'unavailable', suggestions: [] };
      // A failed edit is the person's to retry (the engine cannot continue the service's picture).
      const failed = (error: unknown) => new ServiceUnavailableError(`${capitalised(reasonOf(error))}.`);
      await reserve().catch((error: unknown) => {
        throw failed(error);
      });
      let response: OpenAI.Responses.Response;
      try {
        response = await client.responses.create({
          model: settings.model,
          previous_response_id: design.responseId,
          input: [{ role: 'user', content: [{ type: 'input_text', text: request }] }],
          tools: [tool],
          tool_choice: { type: 'image_generation' },
        });
      } catch (error) {
        throw failed(error);
      }
      const { png } = await usableTile(imageOf(response)).catch((error: unknown) => {
        throw failed(error);
      });
      return {
        ok: true,
        png,
        recipe: null,
        summary: `The AI image service redrew it: "${request}".`,
        note: null,
      };
    },

    render: (recipe, size) => fallback.render(recipe, size),
    close: () => fallback.close(),
  };
}
