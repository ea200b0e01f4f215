import { concealmentText } from '@camo/shared/concealment';
import { useEffect, useRef, useState } from 'react';

/** Where the hunter stands in the picture: centre and height as shares of the photo. */
type HunterAt = { x: number; y: number; height: number };

/**
 * The viewer's picture, in a box of fixed shape so that nothing moves as it loads: the image
 * from the view route, or why there is none (out of range at that distance in this photo). Where
 * the prediction says where the hunter stands, a button marks him (off at first: finding him is
 * the point).
 */
export function ConcealmentView({
  src,
  alt,
  outOfRange,
  at = null,
}: {
  src: string;
  alt: string;
  outOfRange: string | null;
  at?: HunterAt | null;
}) {
  const [marked, setMarked] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded bg-loam">
        {outOfRange ? (
          <p
            className="flex size-full items-center justify-center p-6 text-center text-lg text-bone"
            data-testid="view-out-of-range"
          >
            {outOfRange}
          </p>
        ) : (
          // A new choice is a new image: its loading state starts again.
          <ViewImage key={src} src={src} alt={alt} at={marked ? at : null} />
        )}
      </div>
      {at && !outOfRange && (
        <button
          type="button"
          className="self-start text-sm text-coyote-300 underline underline-offset-4 hover:text-bone"
          aria-pressed={marked}
          onClick={() => setMarked((m) => !m)}
        >
          {marked ? concealmentText.hideHunter : concealmentText.showHunter}
        </button>
      )}
    </div>
  );
}

function ViewImage({ src, alt, at }: { src: string; alt: string; at: HunterAt | null }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [aspect, setAspect] = useState<number | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // An image the server rendered may have loaded before the page hydrated, with no onLoad seen.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth > 0) {
      setState('loaded');
      setAspect(img.naturalWidth / img.naturalHeight);
    }
  }, []);

  if (state === 'failed') {
    return (
      <p className="flex size-full items-center justify-center p-6 text-center text-lg text-bone">
        {concealmentText.viewFailed}
      </p>
    );
  }
  return (
    <>
      <img
        ref={image}
        src={src}
        alt={alt}
        width={1200}
        height={900}
        decoding="async"
        onLoad={(event) => {
          setState('loaded');
          setAspect(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight);
        }}
        onError={() => setState('failed')}
        className="size-full object-contain"
        data-testid="concealment-view"
      />
      {at && aspect && state === 'loaded' && <HunterMarker at={at} aspect={aspect} />}
      {state === 'loading' && (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center bg-loam font-condensed text-xl uppercase tracking-widest text-sage"
        >
          {concealmentText.viewLoading}
        </p>
      )}
    </>
  );
}

/**
 * A ring around the hunter, placed on the picture as object-contain lays it in the 4:3 box: the
 * photo fills the width (and is centred down) when wider than 4:3, else the height.
 */
function HunterMarker({ at, aspect }: { at: HunterAt; aspect: number }) {
  const box = 4 / 3;
  const width = aspect >= box ? 1 : aspect / box;
  const height = aspect >= box ? box / aspect : 1;
  const left = (1 - width) / 2 + at.x * width;
  const top = (1 - height) / 2 + at.y * height;
  const size = Math.max(0.06, at.height * height * 1.6);
  return (
    <span
      aria-hidden="true"
      data-testid="hunter-marker"
      className="pointer-events-none absolute rounded-full border-2 border-blaze shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
      style={{
        left: `${left * 100}%`,
        top: `${top * 100}%`,
        width: `${size * 100 * (3 / 4)}%`,
        height: `${size * 100}%`,
        transform: 'translate(-50%, -50%)',
      }}
    />
  );
}
