import { concealmentText } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import type { GroundPhoto } from '@camo/shared/ground.schema';
import { messages } from '@camo/shared/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LocalDate } from '@/components/ui/local-date';
import { formatLongDate } from '@/lib/format';
import { useHydrated } from '@/lib/hydration';
import { useDeleteGroundPhoto, useGroundPhotos, useKeepGroundPhoto } from '../api/ground-photos';
import { useEyeChoice } from '@/lib/eye-choice';
import { groundSearch } from '../lib/ground-params';
import { GroundPhotoThumb } from './ground-photo-thumb';

/**
 * The profile's "Your ground photos": each photo, when it will be removed unless kept (or that it
 * is kept), keep or stop keeping it, delete it (asked first), and rank the gallery in it again.
 * Only its owner ever sees this list.
 */
export function YourGroundPhotos({
  breed,
}: {
  /** Under each photo, folded: starting a breeding ground from it (the route's, from breeding). */
  breed?: (photo: GroundPhoto) => ReactNode;
} = {}) {
  const photos = useGroundPhotos();
  return (
    <section aria-labelledby="ground-photos-title" className="flex flex-col gap-4">
      <h2 id="ground-photos-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
        {groundText.yourPhotos}
      </h2>
      <p className="text-sage">{groundText.privateNote}</p>
      {photos.isPending ? (
        <p role="status" className="text-sage">
          {messages.loading}
        </p>
      ) : photos.isError ? (
        <p role="alert" className="text-danger">
          {photos.error.message}
        </p>
      ) : photos.data.photos.length === 0 ? (
        <p className="text-bone">{groundText.noPhotos}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {photos.data.photos.map((photo) => (
            <GroundPhotoItem key={photo.id} photo={photo} breed={breed?.(photo)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GroundPhotoItem({ photo, breed }: { photo: GroundPhoto; breed?: ReactNode }) {
  const keep = useKeepGroundPhoto();
  const remove = useDeleteGroundPhoto();
  const hydrated = useHydrated();
  const busy = keep.isPending || remove.isPending;
  const [eye] = useEyeChoice();
  const ranking = `/gallery?${groundSearch({ photoId: photo.id, ...eye })}`;

  const onDelete = () => {
    if (!window.confirm(groundText.deleteConfirm)) return;
    remove.mutate(photo.id, {
      onSuccess: () => toast.success(groundText.deleted),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <li className="card flex flex-col overflow-hidden" data-testid="ground-photo">
      <Link to={ranking} className="block focus-visible:outline-3 focus-visible:outline-blaze">
        <GroundPhotoThumb photo={photo} />
        <span className="sr-only">{groundText.title}</span>
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4 text-sm">
        <p className="text-sage">
          <LocalDate iso={photo.createdAt} />
        </p>
        <p className="text-bone" data-testid="ground-photo-expiry">
          {photo.expiresAt
            ? groundText.expires(formatLongDate(photo.expiresAt, { utc: !hydrated }))
            : groundText.keptNote}
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => keep.mutate({ id: photo.id, kept: !photo.kept })}
          >
            {photo.kept ? groundText.unkeep : groundText.keep}
          </button>
          <button type="button" className="btn btn-quiet btn-sm" disabled={busy} onClick={onDelete}>
            {groundText.delete}
          </button>
        </div>
        {keep.isError && (
          <p role="alert" className="text-danger">
            {keep.error.message || concealmentText.loadFailed}
          </p>
        )}
        {breed && (
          <details className="group border-t border-olive-900 pt-3">
            <summary className="cursor-pointer font-condensed text-base font-bold uppercase tracking-wider text-bone hover:text-blaze">
              Start a breeding ground
            </summary>
            <div className="pt-4">{breed}</div>
          </details>
        )}
      </div>
    </li>
  );
}
