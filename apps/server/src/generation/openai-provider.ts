import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HOW_IT_WAS_MADE } from '@camo/camo-engine';
import type { DesignToggles, Variant } from '@camo/shared/generation.schema';
import { stateName } from '@camo/shared/states';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { OpenAiSettings } from '../platform/config.js';
import { ServiceUnavailableError } from '../platform/http-errors.js';
import { checkTile, toFlatTile, type TileCheck } from '../engine/flat-colours.js';
import type { ProviderUsage } from './provider-usage.repository.js';
import {
  editByImageRequest,
  editByResponseRequest,
  generateRequest,
  imagePriceUsd,
} from './openai-requests.js';
import type { Deadline, DesignProvider, EditSubject, ProviderDesign, ProviderInput } from './provider.js';

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

/** The largest picture an answer may carry (a 1024 px PNG is 1-3 MiB), refused before decoding. */
const MAX_RESULT_MIB = 6;
/** MAX_RESULT_MIB as base64 characters, measured on the answer's `result` before decoding it. */
export const MAX_RESULT_BASE64_CHARS = Math.ceil((MAX_RESULT_MIB * 1024 * 1024) / 3) * 4;

/** Error codes of a connection that failed before the request was sent (never billed). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The connection error's code, looked for along its causes (the SDK wraps fetch's error). */
function connectionCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Why an attempt produced no usable picture, whether another attempt may help, and what becomes
 * of its reservation: `release` when the service answered with an error (not billed) or the
 * request never left, `keep` when the outcome is unknown (it may still be billed), `settled` when
 * the answer's actual cost is already recorded.
 */
class AttemptFailure extends Error {
  constructor(
    readonly reason: string,
    readonly retry: boolean,
    readonly spend: 'release' | 'keep' | 'settled',
    readonly retryAfterMs?: number,
    readonly code?: string,
  ) {
    super(reason);
  }
}

/** `Retry-After` / `retry-after-ms` in milliseconds, when the answer gave one. */
function retryAfterOf(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** An SDK error as an attempt's failure. */
function failureOf(error: unknown): AttemptFailure {
  if (error instanceof AttemptFailure) return error;
  // Our deadline (or the caller's) aborted the call: it may have reached the service.
  if (error instanceof APIUserAbortError)
    return new AttemptFailure('the AI image service did not answer in time', false, 'keep');
  if (error instanceof APIConnectionTimeoutError)
    return new AttemptFailure('the AI image service did not answer in time', true, 'keep');
  if (error instanceof APIConnectionError) {
    const code = connectionCode(error.cause);
    const notSent = code !== undefined && NOT_SENT_CODES.has(code);
    return new AttemptFailure(
      notSent
        ? `the AI image service could not be reached (${code})`
        : 'the connection to the AI image service was lost',
      true,
      notSent ? 'release' : 'keep',
    );
  }
  if (error instanceof APIError && error.status) {
    const status = error.status as number;
    const code = error.code ?? undefined;
    const headers = error.headers as Headers | undefined;
    if (code === 'insufficient_quota')
      return new AttemptFailure(
        "the AI image service's account has no credit left (insufficient_quota)",
        false,
        'release',
        undefined,
        code,
      );
    if (status === 429)
      return new AttemptFailure(
        'the AI image service was too busy (rate limited)',
        true,
        'release',
        retryAfterOf(headers),
        code,
      );
    if (status >= 500 || status === 408 || status === 409)
      return new AttemptFailure(
        `the AI image service failed (HTTP ${status})`,
        true,
        'release',
        retryAfterOf(headers),
        code,
      );
    if (code === 'model_not_found')
      return new AttemptFailure(
        'the AI image service does not offer the configured model (model_not_found)',
        false,
        'release',
        undefined,
        code,
      );
    return new AttemptFailure(
      `the AI image service refused the request (${code ?? `HTTP ${status}`})`,
      false,
      'release',
      undefined,
      code,
    );
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new AttemptFailure('the AI image service did not answer in time', false, 'keep');
  return new AttemptFailure('the AI image service failed', false, 'keep');
}

/** Why a `failed` answer has no picture, by its `error.code`. */
function failedReason(code: OpenAI.Responses.ResponseError['code'] | undefined): string {
  if (code === 'image_content_policy_violation' || code === 'bio_policy' || code === 'invalid_prompt')
    return `the AI image service declined to draw it (${code})`;
  if (code === 'rate_limit_exceeded') return 'the AI image service was too busy (rate limited)';
  return `the AI image service failed to draw it (${code ?? 'failed'})`;
}

/**
 * The picture an answer carries (still base64, measured before it is decoded), or why there is
 * none: a `failed`, `incomplete` or `cancelled` answer, a refusal in text, or a picture too large.
 */
function resultOf(response: OpenAI.Responses.Response): string {
  if (response.status === 'failed') {
    const code = response.error?.code;
    throw new AttemptFailure(
      failedReason(code),
      code === 'server_error' || code === 'rate_limit_exceeded',
      'settled',
    );
  }
  if (response.status === 'incomplete') {
    const why = response.incomplete_details?.reason;
    throw new AttemptFailure(
      why === 'content_filter'
        ? "the AI image service's content filter stopped the picture (content_filter)"
        : why === 'max_output_tokens'
          ? 'the AI image service stopped before the picture was finished (max_output_tokens)'
          : 'the AI image service left the picture unfinished',
      false,
      'settled',
    );
  }
  if (response.status === 'cancelled')
    throw new AttemptFailure('the AI image service cancelled the request', false, 'settled');
  for (const item of response.output) {
    if (item.type !== 'image_generation_call' || !item.result) continue;
    if (item.result.length > MAX_RESULT_BASE64_CHARS)
      throw new AttemptFailure(
        `the AI image service sent a picture larger than ${MAX_RESULT_MIB} MiB`,
        false,
        'settled',
      );
    return item.result;
  }
  const refusal = response.output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .some((part) => part.type === 'refusal');
  throw new AttemptFailure(
    refusal ? 'the AI image service declined to draw it' : 'the AI image service returned no image',
    false,
    'settled',
  );
}

/** Why the service's design was not used, for the design's note and its analysis. */
function reasonOf(error: unknown): string {
  if (error instanceof NotUsable) return error.message;
  return failureOf(error).reason;
}

class NotUsable extends Error {}

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
