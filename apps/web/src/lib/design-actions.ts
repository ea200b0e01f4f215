import type { Design, Variant } from '@camo/shared/generation.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';

const designPath = (id: string) => `/api/designs/${encodeURIComponent(id)}`;

export const designQueryKey = (id: string) => ['designs', id] as const;

export async function getDesign(id: string): Promise<Design> {
  return requestJson<Design>(designPath(id));
}

export const designQueryOptions = (id: string) =>
  queryOptions({ queryKey: designQueryKey(id), queryFn: () => getDesign(id) });

export function useDesign(id: string) {
  return useQuery(designQueryOptions(id));
}

export async function selectVariant(id: string, variant: Variant): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/select`, { method: 'POST', body: { variant } });
}

export async function editDesign(id: string, editPrompt: string): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/edit`, { method: 'POST', body: { editPrompt } });
}

export async function submitDesign(
  id: string,
  body: { name: string; finalDesignChoice?: 'original' | 'edited' },
): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/submit`, { method: 'POST', body });
}

/** The print export: a 1024 px seamless tile or a 4096 px print file (owner only). */
export const exportUrl = (id: string, size: 1024 | 4096) => `${designPath(id)}/export?size=${size}`;

/** Spec §6: names a design whose name is empty or 'No Name' (owner, once). */
export async function renameDesign(id: string, name: string): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/name`, { method: 'PUT', body: { name } });
}

/** The designer's story; an empty one removes it. */
export async function saveDesignStory(id: string, story: string): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/story`, { method: 'PUT', body: { story } });
}
