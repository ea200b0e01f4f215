import type { PrivateProfile } from '@camo/shared/api.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in user's profile, or `null` when signed out. This query is the app's session state.
 *
 * We first ask better-auth's `get-session`, which answers 200 with `null` for a visitor: asking
 * `/api/me` directly would answer 401 on every public page, and the browser logs every 4xx
 * response as a console error (Lighthouse "best practices" counts those).
 */
export async function getMe(): Promise<PrivateProfile | null> {
  const session = await requestJson('/api/auth/get-session');
  if (session === null) return null;
  try {
    return await requestJson<PrivateProfile>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: getMe,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
