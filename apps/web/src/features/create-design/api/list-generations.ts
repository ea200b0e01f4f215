import { generationListSchema, type GenerationSummary } from '@camo/shared/generation.schema';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function listGenerations(): Promise<GenerationSummary[]> {
  return generationListSchema.parse(await requestJson('/api/generations')).generations;
}

/** The signed-in user's unfinished generations (running, or designs not yet submitted). */
export function useUnfinishedGenerations() {
  return useQuery({ queryKey: queryKeys.generations, queryFn: listGenerations });
}
