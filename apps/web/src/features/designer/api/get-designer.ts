import type { PublicUser } from '@camo/shared/api.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getDesigner(userId: string): Promise<PublicUser> {
  return requestJson<PublicUser>(`/api/users/${encodeURIComponent(userId)}`);
}

export const designerQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.designer(userId), queryFn: () => getDesigner(userId) });

/** A designer's public profile; any failure to load it shows User Not Found (spec §8). */
export function useDesigner(userId: string) {
  return useQuery(designerQueryOptions(userId));
}
