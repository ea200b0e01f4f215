import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HOW_IT_WAS_MADE } from '@camo/camo-engine';
import { stateName } from '@camo/shared/states';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { OpenAiSettings } from '../platform/config.js';
import { ServiceUnavailableError } from '../platform/http-errors.js';
import { checkTile, toFlatTile, type TileCheck } from '../engine/flat-colours.js';
import type { ProviderUsage } from './provider-usage.repository.js';
import { AttemptFailure, failureOf, NotUsable, reasonOf, resultOf } from './openai-answers.js';
import {
  designPrompt,
  editByImageRequest,
  editByResponseRequest,
  generateRequest,
  imagePriceUsd,
} from './openai-requests.js';
import type { Deadline, DesignProvider, EditSubject, ProviderDesign, ProviderInput } from './provider.js';

const capitalised = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

const toMicros = (usd: number) => Math.round(usd * 1e6);

/**
 * Designs from an image service speaking the OpenAI Responses API with its image_generation tool
 * (decisions 009 and 019). Each answer is made into a seamless tile of flat colours and must pass
 * the engine's palette and seam checks; when the service fails, refuses, is over the day's budget
 * or its picture fails the checks, the built-in engine draws the design and the design says why.
 *
 * Spend: the SDK makes one attempt per call (`maxRetries: 0`); the retries are made here, each
 * reserving the estimate against the day's budget first, giving it back when the service answered
 * with an error or the request never left, and replacing it with the actual cost (`usage` at
 * OPENAI_MODEL's prices, plus the picture from IMAGE_PRICES) when it answered.
 *
 * Time: a call ends by the deadline less the engine's share, so the engine can still draw the
 * design; its signal aborts the attempt in flight, a retry starts only when a whole
 * OPENAI_TIMEOUT_MS still fits (after its wait, `Retry-After` included), and none after a refusal.
 *
 * Edits continue the service's conversation from the design's response id; when the service no
 * longer has it (or never stored it: OPENAI_STORE_RESPONSES=false) they send the stored design as
 * the image to edit; when the service cannot edit at all, the engine edits the design it draws
 * from the same photo, and the result's note says so.
 */
export function createOpenAiProvider(deps: {
  settings: OpenAiSettings;
  fallback: DesignProvider;
  usage: Pick<ProviderUsage, 'reserve' | 'release' | 'settle'>;
  log: Pick<Logger, 'warn' | 'info'>;
  now?: () => Date;
  /** Makes a picture a checked tile off the event loop (the engine's threads); here by default. */
  flatTile?: (image: Uint8Array) => Promise<{ png: Uint8Array; check: TileCheck }>;
}): DesignProvider {
  const { settings, fallback, usage, log } = deps;
  const now = deps.now ?? (() => new Date());
  // Retries are ours: each attempt reserves its own estimate, and waits are held to the deadline.
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
  const imagePrice = imagePriceUsd(settings.imageModel);
  // Never less than the picture's listed price, so an answer's cost stays within its reservation.
  const estimateMicros = toMicros(Math.max(settings.costPerImageUsd, imagePrice ?? 0));

  /** What an answer cost: its tokens at OPENAI_MODEL's prices and its pictures; null if it says neither. */
  function actualCost(response: OpenAI.Responses.Response) {
    const images = response.output.filter(
      (item) => item.type === 'image_generation_call' && item.result,
    ).length;
    if (!response.usage && images === 0) return null;
    const inputTokens = response.usage?.input_tokens ?? 0;
    const outputTokens = response.usage?.output_tokens ?? 0;
    const usd =
      (inputTokens * settings.inputUsdPerMTok + outputTokens * settings.outputUsdPerMTok) / 1e6 +
      images * (imagePrice ?? settings.costPerImageUsd);
    return { costMicros: toMicros(usd), inputTokens, outputTokens, images };
  }

  /** The worst case of a call, for an edit whose caller set no deadline. */
  const ownDeadline = (): Deadline => {
    const ms =
      (settings.maxRetries + 1) * settings.timeoutMs +
      settings.maxRetries * settings.maxBackoffMs +
      settings.engineShareMs;
    return { at: Date.now() + ms, signal: AbortSignal.timeout(ms) };
  };

  /**
   * One request with our retries, inside `deadline` less the engine's share; the picture's base64,
   * or an AttemptFailure (or NotUsable: the budget is spent) saying why there is none.
   */
  async function call(
    body: OpenAI.Responses.ResponseCreateParamsNonStreaming,
    deadline: Deadline,
  ): Promise<{ result: string; responseId: string }> {
    const end = deadline.at - settings.engineShareMs;
    let last: AttemptFailure | undefined;
    for (let attempt = 0; attempt <= settings.maxRetries; attempt++) {
      const left = end - Date.now();
      if (left <= 0 || deadline.signal.aborted)
        throw last ?? new AttemptFailure('the AI image service had no time left', false, 'keep');
      const reservation = await usage.reserve(estimateMicros, toMicros(settings.dailyBudgetUsd), now());
      if (!reservation) throw new NotUsable("the AI image service's budget for today is spent");
      const sent = await client.responses
        .create(body, {
          signal: AbortSignal.any([deadline.signal, AbortSignal.timeout(left)]),
          timeout: Math.min(settings.timeoutMs, left),
          maxRetries: 0,
        })
        .then(
          (response) => ({ response }),
          (error: unknown) => ({ failure: failureOf(error) }),
        );
      let failure: AttemptFailure;
      if ('response' in sent) {
        // Settled first: whatever the answer holds, it was billed.
        const cost = actualCost(sent.response);
        if (cost) await usage.settle(reservation, cost);
        try {
          return { result: resultOf(sent.response), responseId: sent.response.id };
        } catch (error) {
          failure = failureOf(error);
        }
      } else {
        failure = sent.failure;
        if (failure.spend === 'release') await usage.release(reservation);
      }
      last = failure;
      if (!failure.retry || attempt === settings.maxRetries) throw failure;
      const wait =
        failure.retryAfterMs ??
        Math.min(500 * 2 ** attempt, settings.maxBackoffMs) * (1 - Math.random() * 0.25);
      // Another attempt only when it has its whole timeout after the wait (Retry-After included).
      if (Date.now() + wait + settings.timeoutMs > end) throw failure;
      log.info({ attempt: attempt + 1, waitMs: Math.round(wait), reason: failure.reason }, 'AI call retried');
      await sleep(wait, undefined, { signal: deadline.signal }).catch(() => undefined);
    }
    throw last ?? new AttemptFailure('the AI image service failed', false, 'keep');
  }

  /** The service's picture as a design tile, or why it cannot be one. */
  async function usableTile(result: string): Promise<{ png: Uint8Array; colours: number }> {
    const picture = Buffer.from(result, 'base64');
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

  /**
   * The analysis with why the built-in engine drew it, said before its technical account (which
   * the page folds under "How it was made"), so a reader sees it without opening anything.
   */
  const withNote = (markdown: string, reason: string) => {
    const note = `> **Drawn by the built-in engine:** ${reason}, so the site's own generator made this design.\n\n`;
    const at = markdown.indexOf(`### ${HOW_IT_WAS_MADE}`);
    return at < 0 ? `${markdown}\n\n${note.trimEnd()}` : markdown.slice(0, at) + note + markdown.slice(at);
  };

  /** The AI's edit: from its conversation when the service keeps it, else from the stored picture. */
  async function aiEdit(design: EditSubject, request: string, deadline: Deadline) {
    if (settings.storeResponses) {
      try {
        return await call(
          editByResponseRequest(settings, {
            request,
            previousResponseId: design.responseId,
            safetyId: design.safetyId,
          }),
          deadline,
        );
      } catch (error) {
        if (!(error instanceof AttemptFailure && error.code === 'previous_response_not_found')) throw error;
        log.info({ responseId: design.responseId }, 'AI response gone: editing from the stored image');
      }
    }
    const png = Buffer.from(await design.image());
    return call(
      editByImageRequest(settings, {
        request,
        imageDataUrl: `data:image/png;base64,${png.toString('base64')}`,
        safetyId: design.safetyId,
      }),
      deadline,
    );
  }

  return {
    name: `OpenAI-compatible image service (${settings.imageModel}), built-in engine as fallback`,

    async generate(input, variant, deadline = ownDeadline()): Promise<ProviderDesign> {
      const prompt = designPrompt(input, variant);
      try {
        const answer = await call(
          generateRequest(settings, {
            prompt,
            photoDataUrl: await photoDataUrl(input.photo),
            safetyId: input.safetyId,
          }),
          deadline,
        );
        const { png, colours } = await usableTile(answer.result);
        const place = [input.county !== 'N/A' ? input.county : '', stateName(input.state)]
          .filter(Boolean)
          .join(', ');
        return {
          png,
          // Without stored responses there is no conversation to continue; an edit sends the image.
          responseId: answer.responseId,
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
          {
            variant,
            reason,
            err: error instanceof NotUsable || error instanceof AttemptFailure ? undefined : error,
          },
          'AI design not used',
        );
        const design = await fallback.generate(input, variant, deadline);
        return {
          ...design,
          markdownAnalysis: withNote(design.markdownAnalysis, reason),
          note: `${capitalised(reason)}.`,
        };
      }
    },

    async edit(design, request, deadline = ownDeadline()) {
      // A design the engine drew (directly or as the fallback) is edited by the engine.
      if (design.recipe) return fallback.edit(design, request, deadline);
      if (!design.responseId?.startsWith('resp_'))
        return { ok: false, reason: 'unavailable', suggestions: [] };
      let reason: string;
      try {
        const answer = await aiEdit(design, request, deadline);
        const { png } = await usableTile(answer.result);
        return {
          ok: true,
          png,
          recipe: null,
          summary: `The AI image service redrew it: "${request}".`,
          note: null,
        };
      } catch (error) {
        reason = reasonOf(error);
        log.warn(
          { reason, err: error instanceof NotUsable || error instanceof AttemptFailure ? undefined : error },
          'AI edit not made: the engine edits instead',
        );
      }
      // The engine cannot continue the service's picture: it draws the design it would have drawn
      // from the same photo and makes the edit of that.
      try {
        const source = await design.source();
        const base = await fallback.generate(source, design.variant, deadline);
        const edited = await fallback.edit(
          {
            recipe: base.recipe,
            responseId: base.responseId ?? base.designId,
            image: async () => base.png,
            source: async () => source,
            safetyId: design.safetyId,
            variant: design.variant,
          },
          request,
          deadline,
        );
        if (!edited.ok) return edited;
        return {
          ...edited,
          note: `The built-in engine made this edit of its own design from your photo, because ${reason}.`,
        };
      } catch (error) {
        log.warn({ err: error }, 'engine edit failed after the AI edit');
        throw new ServiceUnavailableError(`${capitalised(reason)}.`);
      }
    },

    render: (recipe, size) => fallback.render(recipe, size),
    close: () => fallback.close(),
  };
}
