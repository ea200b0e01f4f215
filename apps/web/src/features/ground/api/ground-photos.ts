import type { Light } from '@camo/shared/vocabulary';
import { lightQuery } from '@/lib/predictions';
import type { Observer } from '@camo/shared/concealment';
import type { GroundDesign, GroundPhoto, GroundPhotoList } from '@camo/shared/ground.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestForm, requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const photoPath = (id: string) => `/api/ground-photos/${encodeURIComponent(id)}`;

export const groundPhotosQueryOptions = queryOptions({
  queryKey: queryKeys.groundPhotos,
  queryFn: ({ signal }) => requestJson<GroundPhotoList>('/api/ground-photos', { signal }),
});

/** The signed-in person's ground photos, newest first, and today's uploads against the limit. */
export const useGroundPhotos = (enabled = true) => useQuery({ ...groundPhotosQueryOptions, enabled });

/** The photo itself (WebP), for its owner only. */
export const groundPhotoImageUrl = (id: string) => `${photoPath(id)}/image`;

/**
 * POST /api/ground-photos as multipart/form-data: the eye first, then the photo (the server reads
 * the fields before the file). The server decodes, strips and checks it as the create flow does.
 */
export async function uploadGroundPhoto(
  photo: File,
  eye: { observer: Observer; distance: number },
): Promise<GroundPhoto> {
  const body = new FormData();
  body.append('observer', eye.observer);
  body.append('distance', String(eye.distance));
  body.append('photo', photo, photo.name || 'photo');
  return requestForm<GroundPhoto>('/api/ground-photos', body);
}

export function useUploadGroundPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, eye }: { photo: File; eye: { observer: Observer; distance: number } }) =>
      uploadGroundPhoto(photo, eye),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groundPhotosQueryOptions.queryKey }),
  });
}

export function useKeepGroundPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kept }: { id: string; kept: boolean }) =>
      requestJson<GroundPhoto>(photoPath(id), { method: 'PATCH', body: { kept } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groundPhotosQueryOptions.queryKey }),
  });
}

export function useDeleteGroundPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestJson<null>(photoPath(id), { method: 'DELETE', body: {} }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.groundPhoto(id) });
      return queryClient.invalidateQueries({ queryKey: groundPhotosQueryOptions.queryKey });
    },
  });
}

/** One design in one ground photo: the predicted hiding for both eyes at every distance, in a light. */
export const useGroundDesign = (photoId: string, designId: string, light: Light) =>
  useQuery({
    queryKey: [...queryKeys.groundPhoto(photoId), 'designs', designId, light],
    queryFn: ({ signal }) =>
      requestJson<GroundDesign>(
        `${photoPath(photoId)}/designs/${encodeURIComponent(designId)}${lightQuery(light)}`,
        { signal },
      ),
    staleTime: 60_000,
    // The same design's figures in the other light stay on screen while this one's are scored (a second or two).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === photoId && previousQuery.queryKey[3] === designId ? previous : undefined,
  });

/** The ground photo with a crouching hunter wearing the design at `distance`, as `observer` resolves it in `light`. */
export const groundViewUrl = (
  photoId: string,
  designId: string,
  observer: Observer,
  distance: number,
  light: Light,
) =>
  `${photoPath(photoId)}/designs/${encodeURIComponent(designId)}/view?${new URLSearchParams({
    observer,
    distance: String(distance),
    ...(light === 'daylight' ? {} : { light }),
  }).toString()}`;
