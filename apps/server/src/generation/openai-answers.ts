import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type OpenAI from 'openai';

// What an image service's answer means (decisions 009 and 019): an attempt that failed, and whether
// it was sent and may be retried; the picture an answer carries; why a design was not used.

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
export function connectionCode(error: unknown): string | undefined {
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
export class AttemptFailure extends Error {
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
export function failureOf(error: unknown): AttemptFailure {
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
export function resultOf(response: OpenAI.Responses.Response): string {
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
export function reasonOf(error: unknown): string {
  if (error instanceof NotUsable) return error.message;
  return failureOf(error).reason;
}

export class NotUsable extends Error {}
