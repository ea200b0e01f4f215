import type { Design, Variant } from '@camo/shared/generation.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const designPath = (id: string) => `/api/designs/${encodeURIComponent(id)}`;

export async function getDesign(id: string): Promise<Design> {
  return requestJson<Design>(designPath(id));
}

export const designQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.design(id), queryFn: () => getDesign(id) });

export function useDesign(id: string) {
  return useQuery(designQueryOptions(id));
}

export async function selectVariant(id: string, variant: Variant): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/select`, { method: 'POST', body: { variant } });
}

/** Starts the one edit: the design edited (200), or with `editJob` running (202, see followEdit). */
export async function editDesign(id: string, editPrompt: string): Promise<Design> {
  return requestJson<Design>(`${designPath(id)}/edit`, { method: 'POST', body: { editPrompt } });
}

/**
 * Reads the design every `intervalMs` while its edit job runs, telling `onProgress` each time,
 * and resolves with it once the edit is made or has failed (`editJob`). Rejects when aborted, or
 * after five reads in a row fail.
 */
export async function followEdit(
  id: string,
  onProgress: (design: Design) => void,
  signal: AbortSignal,
  intervalMs = 1000,
): Promise<Design> {
  let misses = 0;
  for (;;) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, intervalMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new Error('The edit is no longer followed.'));
        },
        { once: true },
      );
    });
    let design: Design;
    try {
      design = await requestJson<Design>(designPath(id), { signal });
      misses = 0;
    } catch (error) {
      // A lost read is read again: the edit goes on on the server either way.
      if (signal.aborted || ++misses >= 5) throw error;
      continue;
    }
    if (design.editJob?.status !== 'processing') return design;
    onProgress(design);
  }
}

export async function submitDesign(
  id: string,
  body: { name: string; finalDesignChoice?: 'original' | 'edited'; repeatCm?: number },
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
