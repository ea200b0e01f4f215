import { generationMessages } from '@camo/shared/generation';
import { groundText } from '@camo/shared/ground';
import { useId, useRef, useState, type DragEvent } from 'react';
import { LocalDate } from '@/components/ui/local-date';
import { ApiRequestError } from '@/lib/api-client';
import { useControlReady } from '@/lib/hydration';
import { photoProblem } from '@/lib/photo-file';
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
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Only the latest choice counts: an earlier file still decoding must not overwrite it.
  const latest = useRef(0);
  const busy = upload.isPending;
  const ready = useControlReady();

  const take = async (picked: File | undefined) => {
    if (!picked || busy) return;
    const choice = ++latest.current;
    const problem = await photoProblem(picked);
    if (choice !== latest.current) return;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(
      { photo: picked, eye },
      {
        onSuccess: (photo) => onChosen(photo.id),
        onError: (failure) =>
          setError(failure instanceof ApiRequestError ? failure.message : generationMessages.invalidImage),
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const earlier = photos.data?.photos ?? [];
  return (
    <div className="flex flex-col gap-4">
      <label
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-32 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed p-4 text-center transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blaze ${
          dragging ? 'border-blaze bg-loam' : 'border-olive-500 bg-night hover:border-olive-300 hover:bg-loam'
        }`}
      >
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          {...ready(busy)}
          onChange={(event) => {
            void take(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <span className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          {groundText.choosePhoto}
        </span>
        <span className="text-sage">
          {groundText.dropHere}. {groundText.photoFormats}
        </span>
      </label>
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
