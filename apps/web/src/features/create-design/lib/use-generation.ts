import type { Generation } from '@camo/shared/generation.schema';
import { useEffect, useState } from 'react';
import { followGeneration } from '../api/get-generation';

/** The generation `photoId` as it changes (SSE, or polling), until it ends; null while unknown. */
export function useGeneration(photoId: string | null): { generation: Generation | null; error: unknown } {
  const [state, setState] = useState<{
    photoId: string | null;
    generation: Generation | null;
    error: unknown;
  }>({
    photoId,
    generation: null,
    error: null,
  });
  useEffect(() => {
    if (!photoId) return;
    return followGeneration(
      photoId,
      (generation) => setState({ photoId, generation, error: null }),
      (error) => setState((previous) => ({ ...previous, photoId, error })),
    );
  }, [photoId]);
  // Never show one job's state under another's id.
  if (state.photoId !== photoId) return { generation: null, error: null };
  return { generation: state.generation, error: state.error };
}
