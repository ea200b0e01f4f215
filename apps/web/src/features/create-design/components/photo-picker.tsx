import { useId } from 'react';
import { PhotoDropZone, usePhotoChoice } from '@/components/ui/photo-drop-zone';

/**
 * Step 1's environment photo: click (or tap) the area to pick a file, drop one on it, or, on a
 * phone, take one with the camera. Anything that is not an image type, or that the browser cannot
 * decode as one whatever its name, is refused with the spec's message, and a photo over the size
 * or pixel limit or too small to work from with the server's own words, the moment it is chosen;
 * the previous photo stays in place.
 */
export function PhotoPicker({
  file,
  previewUrl,
  onPick,
  isDisabled,
}: {
  file: File | null;
  previewUrl: string | null;
  onPick: (file: File) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  const { take, error } = usePhotoChoice(onPick, isDisabled);

  return (
    <div className="flex flex-col gap-2">
      <p id={`${id}-title`} className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Environment photo
      </p>
      <PhotoDropZone
        inputId={`${id}-file`}
        onFile={(picked) => void take(picked)}
        describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
        invalid={Boolean(error)}
        inputProps={{ disabled: isDisabled }}
        className="group relative flex aspect-[4/3] flex-col items-center justify-center gap-3 overflow-hidden p-6 text-center sm:aspect-[16/9]"
      >
        {previewUrl ? (
          <>
            <img
              src={previewUrl}
              alt="Your environment photo"
              width={1600}
              height={1200}
              className="absolute inset-0 size-full object-contain"
            />
            <span className="absolute inset-x-0 bottom-0 bg-night/85 px-3 py-2 font-condensed text-base font-bold uppercase tracking-wider text-bone">
              <span className="sr-only">Environment photo chosen: {file?.name}. </span>
              Click to choose a different photo
            </span>
          </>
        ) : (
          <>
            <svg
              viewBox="0 0 24 24"
              className="size-12 text-blaze"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
              <circle cx="12" cy="13" r="4" />
            </svg>
            <span className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
              Click to upload a photo
            </span>
            <span className="text-sage">or drop it here. JPEG, PNG or WebP.</span>
          </>
        )}
      </PhotoDropZone>
      <p id={`${id}-hint`} className="text-sm text-sage">
        The ground you hunt or camp: timber, marsh, sage flat. Location data is stripped on upload.
      </p>
      <label
        htmlFor={`${id}-camera`}
        className="btn btn-quiet hidden w-fit has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blaze pointer-coarse:inline-flex"
      >
        <input
          id={`${id}-camera`}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={isDisabled}
          onChange={(event) => {
            void take(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        Take a photo
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
