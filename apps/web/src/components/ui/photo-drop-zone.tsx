import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { photoProblem } from '@/lib/photo-file';

/**
 * A photo chosen in the browser, checked the moment it is chosen (its type decoded whatever its
 * name, the size and pixel limits and the smallest side, in the server's own words; the server
 * checks it again): `take` a file, and `onAccepted` gets it only when it passes; else `error`
 * says why and the previous photo stays. Only the latest choice counts: an earlier file still
 * decoding never overwrites it. Nothing is taken while `blocked`.
 */
export function usePhotoChoice(onAccepted: (file: File) => void, blocked = false) {
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const take = async (picked: File | undefined) => {
    if (!picked || blocked) return;
    const choice = ++latest.current;
    const problem = await photoProblem(picked);
    if (choice !== latest.current) return;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onAccepted(picked);
  };
  return { take, error, setError };
}

/**
 * The dashed area a photo is clicked, tapped or dropped on: a label around a hidden file input, so
 * the keyboard reaches the input and the focus ring shows on the area. The create flow's step 1 and
 * "my ground" both use it; `className` gives the area's size and layout.
 */
export function PhotoDropZone({
  inputId,
  onFile,
  describedBy,
  invalid,
  inputProps,
  className,
  children,
}: {
  inputId: string;
  onFile: (file: File | undefined) => void;
  describedBy: string;
  invalid: boolean;
  /** The input's state: disabled, or the hydration guard's attributes. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFile(event.dataTransfer.files[0]);
      }}
      className={`${className} cursor-pointer rounded-md border-2 border-dashed transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blaze ${
        dragging ? 'border-blaze bg-loam' : 'border-olive-500 bg-night hover:border-olive-300 hover:bg-loam'
      }`}
    >
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        {...inputProps}
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      {children}
    </label>
  );
}
