import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/** How long data the server rendered into the page counts as fresh when the page mounts it. */
const SERVER_DATA_FRESH_MS = 30_000;

export interface QueryClientOptions {
  /**
   * The queries the server rendered the page with (their hashes) and when the browser took them
   * over: mounting them again at once would only ask the server what it has just said.
   */
  serverRendered?: { hashes: ReadonlySet<string>; at: number };
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const { serverRendered } = options;
  // `true` is the default: refetch on mount when stale. An invalidated query always is.
  const refetchOnMount = serverRendered
    ? (query: Query) =>
        query.state.isInvalidated ||
        !serverRendered.hashes.has(query.queryHash) ||
        Date.now() - serverRendered.at > SERVER_DATA_FRESH_MS
    : true;
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not turn into a 2xx by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
        refetchOnWindowFocus: false,
        refetchOnMount,
      },
    },
  });
}
