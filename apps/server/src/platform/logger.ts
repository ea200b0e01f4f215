import type { FastifyServerOptions } from 'fastify';
import type { LogFn, Logger } from 'pino';
import type { Config } from './config.js';

/** Error fields that carry a query's values: drizzle's `params`, pg's `parameters` and `detail`
 * ("Key (email)=(...) already exists."), and their likes in other drivers. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'values', 'bindings']);
const PARAMS_TAIL = /(^|\n)params: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** Drops the bound values drizzle puts in a failed query's message ("Failed query: ...\nparams: ..."). */
export function scrubErrorText(text: string): string {
  return text.includes('params: ') ? text.replace(PARAMS_TAIL, '$1params: [redacted]') : text;
}

function serialize(value: unknown, seen: Set<unknown>): unknown {
  if (!isErrorLike(value)) return value;
  if (seen.has(value) || seen.size >= 8) return '[cause chain cut]';
  seen.add(value);
  const message = scrubErrorText(value.message);
  const stack = typeof value.stack === 'string' ? value.stack : undefined;
  const out: Record<string, unknown> = {
    type: typeof value.constructor === 'function' ? value.constructor.name : value.name,
    message,
    // A stack starts with "<name>: <message>": swap in the scrubbed message, then scrub again.
    stack: stack ? scrubErrorText(value.message ? stack.split(value.message).join(message) : stack) : '',
  };
  for (const key of Object.keys(value)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || key === 'errors') continue;
    const field = value[key];
    if (VALUE_FIELDS.has(key)) out[key] = '[redacted]';
    else if (isErrorLike(field)) out[key] = serialize(field, seen);
    else out[key] = typeof field === 'string' ? scrubErrorText(field) : field;
  }
  if (value.cause !== undefined) out.cause = serialize(value.cause, seen);
  if (Array.isArray(value.errors)) out.errors = value.errors.map((inner: unknown) => serialize(inner, seen));
  return out;
}

/**
 * pino's `err` serializer, without the values a failed query was bound to (e-mails, phone
 * numbers, tokens): drizzle's DrizzleQueryError carries them in `params` and its message, pg's
 * errors in `parameters`/`detail`; the same for every cause.
 */
export function serializeError(value: unknown): SerializedError {
  if (!isErrorLike(value)) return { type: typeof value, message: scrubErrorText(String(value)), stack: '' };
  return serialize(value, new Set()) as SerializedError;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino takes an error's message as the line's `msg` when no message is given: scrub that too. */
function scrubLogCall(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, second, ...rest] = args as unknown[];
  if (typeof first === 'string') return method.apply(this, [scrubErrorText(first), ...(args.slice(1) as [])]);
  if (typeof second === 'string') return method.apply(this, [first, scrubErrorText(second), ...(rest as [])]);
  const err = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
  if (args.length === 1 && isErrorLike(err)) return method.apply(this, [first, scrubErrorText(err.message)]);
  return method.apply(this, args);
}

/**
 * pino options. Logs never carry cookies, tokens, e-mail addresses or phone numbers
 * (quality.md rule 10): the request serialiser keeps method, path and ids only, and the
 * redaction list covers anything a handler might log by accident; errors lose the values a
 * failed query was bound to (serializeError).
 *
 * A terminal gets one readable line per entry (pino-pretty: time, level, message, other fields
 * inline); anything else, a log collector above all, gets JSON lines.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  { pretty = process.stdout.isTTY === true }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    ...(pretty && config.env !== 'test'
      ? {
          transport: {
            // Resolved here, so the dependency is visible to knip and found from any working directory.
            target: import.meta.resolve('pino-pretty'),
            options: {
              translateTime: 'SYS:HH:MM:ss',
              // A request's line, and the start-up's, say it all in their messages (app.ts, main.ts).
              ignore: 'pid,hostname,reqId,req,statusCode,ms,url,database,devSignIn,jobs',
              singleLine: true,
            },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.email',
        '*.phoneNumber',
        '*.zipCode',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
    hooks: { logMethod: scrubLogCall },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        // Query strings can hold tokens (e-mail links, OAuth codes); keep the path only.
        path: req.url.split('?')[0],
      }),
    },
  };
}
