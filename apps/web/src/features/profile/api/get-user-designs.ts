import type { DesignCard } from '@camo/shared/api.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getUserDesigns(userId: string): Promise<DesignCard[]> {
  const reply = await requestJson<{ designs: DesignCard[] }>(
    `/api/users/${encodeURIComponent(userId)}/designs`,
  );
  return reply.designs;
}

export const userDesignsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.userDesigns(userId), queryFn: () => getUserDesigns(userId) });

export function useUserDesigns(userId: string) {
  return useQuery(userDesignsQueryOptions(userId));
}
