import { concealmentText } from '@camo/shared/concealment';
import { useEffect, useRef, useState } from 'react';

/**
 * The viewer's picture, in a box of fixed shape so that nothing moves as it loads: the image
 * from the view route, or why there is none (out of range at that distance in this photo).
 */
export function ConcealmentView({
  src,
  alt,
  outOfRange,
}: {
  src: string;
  alt: string;
  outOfRange: string | null;
}) {
  return (
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
        <ViewImage key={src} src={src} alt={alt} />
      )}
    </div>
  );
}

function ViewImage({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const image = useRef<HTMLImageElement>(null);
  // An image the server rendered may have loaded before the page hydrated, with no onLoad seen.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth > 0) setState('loaded');
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
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        className="size-full object-contain"
        data-testid="concealment-view"
      />
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
