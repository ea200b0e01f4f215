import { messages } from '@camo/shared/messages';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from '@/lib/hydration';

// The chooser (upload, drop, earlier photos and their thumbnails) is a chunk of its own: only a
// signed-in person is shown it, so the gallery's and a design page's first load do not carry it.
const GroundPhotoChooser = lazy(() =>
  import('./ground-photo-chooser').then((module) => ({ default: module.GroundPhotoChooser })),
);

export function LazyGroundPhotoChooser(props: ComponentProps<typeof GroundPhotoChooser>) {
  const hydrated = useHydrated();
  const loading = (
    <p role="status" className="flex min-h-32 items-center justify-center text-sage">
      {messages.loading}
    </p>
  );
  // The server's render and hydration show the placeholder: a boundary still loading in the
  // server's render would be revealed by an inline script, which the site's CSP refuses.
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <GroundPhotoChooser {...props} />
    </Suspense>
  );
}
