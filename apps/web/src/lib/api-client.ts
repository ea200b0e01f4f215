import type { ApiError } from '@camo/shared/api.schema';

/** A non-2xx reply from our API, with the `{ error, message }` body when the server sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    /** A refused edit's suggestion codes (the body's `suggestions`), else empty. */
    readonly suggestions: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent as its tab is hidden or closed). */
  keepalive?: boolean;
};

/** How a request travels: the browser's `fetch`, or the server's own while it renders a page. */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

let currentFetcher: () => Fetcher = () => fetch;

/**
 * entry-server.tsx: while the server renders a page, requests go to the server itself, as the
 * signed-in viewer of that page (each render has its own, so `source` is asked per request).
 */
export function setFetcherSource(source: () => Fetcher): void {
  currentFetcher = source;
}

/**
 * Same-origin JSON request. Replies are typed with the shared API types but not re-parsed: the
 * server already builds every reply through the shared zod schemas, and keeping zod out of the
 * pages' code keeps the home page within its JavaScript budget.
 *
 * State-changing requests always carry a JSON body and `Content-Type: application/json`: the
 * server refuses state changes without one (quality.md, rule 6).
 */
export async function requestJson<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const response = await currentFetcher()(path, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
    keepalive: options.keepalive,
  });
  return readReply<T>(response.status, await response.text());
}

/**
 * A multipart request (a photo and its fields) under the same reply policy. The create flow's
 * upload, which reports its progress, goes through XMLHttpRequest and readReply instead.
 */
export async function requestForm<T>(path: string, form: FormData): Promise<T> {
  const response = await currentFetcher()(path, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  return readReply<T>(response.status, await response.text());
}

/**
 * The browser's one reply policy (decision 015), for every call however it travels: a 2xx reply's
 * JSON is the type the caller names, not parsed again (the server built it through the shared
 * schema); any other status is an ApiRequestError with the server's code, message and a refused
 * edit's suggestions, or the status alone when the body says nothing.
 */
export function readReply<T>(status: number, text: string): T {
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (status < 200 || status > 299) {
    const body = isApiError(json) ? json : null;
    throw new ApiRequestError(
      status,
      body?.error ?? null,
      body?.message ?? `Request failed with status ${status}`,
      Array.isArray(body?.suggestions) ? body.suggestions.filter((s) => typeof s === 'string') : [],
    );
  }
  return json as T;
}

function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).error === 'string' &&
    typeof (value as ApiError).message === 'string'
  );
}
