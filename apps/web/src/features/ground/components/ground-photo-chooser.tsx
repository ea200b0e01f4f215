import { generationMessages } from '@camo/shared/generation';
import { groundText } from '@camo/shared/ground';
import { useId } from 'react';
import { PhotoDropZone, usePhotoChoice } from '@/components/ui/photo-drop-zone';
import { LocalDate } from '@/components/ui/local-date';
import { ApiRequestError } from '@/lib/api-client';
import { useControlReady } from '@/lib/hydration';
import { useGroundPhotos, useUploadGroundPhoto } from '../api/ground-photos';
import type { GroundEye } from '../lib/ground-params';
import { GroundPhotoThumb } from './ground-photo-thumb';

/**
 * A ground photo to rank designs in or to see one design in: drop or choose a new one (refused in
 * the browser, as the create flow refuses it, unless it is an image the browser can decode; the
 * server checks it again), or pick one uploaded before. `onChosen` gets the photo's id.
 */
export function GroundPhotoChooser({
  eye,
  onChosen,
  current,
}: {
  /** The eye an upload is first ranked for. */
  eye: GroundEye;
  onChosen: (photoId: string) => void;
  /** The photo in use, marked among the earlier ones. */
  current?: string;
}) {
  const id = useId();
  const photos = useGroundPhotos();
  const upload = useUploadGroundPhoto();
  const busy = upload.isPending;
  const ready = useControlReady();
  const { take, error, setError } = usePhotoChoice(
    (picked) =>
      upload.mutate(
        { photo: picked, eye },
        {
          onSuccess: (photo) => onChosen(photo.id),
          onError: (failure) =>
            setError(failure instanceof ApiRequestError ? failure.message : generationMessages.invalidImage),
        },
      ),
    busy,
  );

  const earlier = photos.data?.photos ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PhotoDropZone
        inputId={`${id}-file`}
        onFile={(picked) => void take(picked)}
        describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
        invalid={Boolean(error)}
        inputProps={ready(busy)}
        className="flex min-h-32 flex-col items-center justify-center gap-1 p-4 text-center"
      >
        <span className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          {groundText.choosePhoto}
        </span>
        <span className="text-sage">
          {groundText.dropHere}. {groundText.photoFormats}
        </span>
      </PhotoDropZone>
      <p id={`${id}-hint`} className="text-sm text-sage">
        {groundText.privateNote}
        {photos.data && ` ${groundText.usedToday(photos.data.usedToday, photos.data.dailyLimit)}`}
      </p>
      {busy && (
        <p role="status" className="font-semibold text-bone">
          {groundText.uploading}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      {earlier.length > 0 && (
        <div className="flex flex-col gap-2">
          <p id={`${id}-earlier`} className="eyebrow">
            {groundText.earlier}
          </p>
          <ul aria-labelledby={`${id}-earlier`} className="flex flex-wrap gap-3">
            {earlier.map((photo) => (
              <li key={photo.id}>
                <button
                  type="button"
                  {...ready(busy)}
                  aria-pressed={current === photo.id}
                  onClick={() => onChosen(photo.id)}
                  className={`flex w-28 flex-col gap-1 rounded-md border-2 p-1 text-left text-xs text-sage transition-colors hover:border-olive-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blaze ${
                    current === photo.id ? 'border-blaze' : 'border-olive-700'
                  }`}
                >
                  <GroundPhotoThumb photo={photo} className="rounded" />
                  <LocalDate iso={photo.createdAt} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
