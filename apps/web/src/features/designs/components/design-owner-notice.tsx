import type { Design } from '@camo/shared/generation.schema';
import { Link } from 'react-router';
import { moderationMessages } from '@camo/shared/moderation';

/** What only the owner is told about the design: a moderator hid it, or it is not submitted yet. */
export function DesignOwnerNotice({ design }: { design: Design }) {
  return (
    <>
      {design.status === 'hidden' && (
        <div role="status" className="card flex flex-col gap-2 border-danger/60 p-5">
          <p className="font-bold text-bone">{moderationMessages.designHiddenNotice}</p>
          {design.hiddenReason && <p className="text-sage">Reason: {design.hiddenReason}</p>}
          <p className="text-sage">
            Only you can see it now. It is out of the gallery, the contest and the game.
          </p>
        </div>
      )}

      {design.status === 'pending_selection' && design.environmentPhotoId && (
        <div className="card flex flex-col gap-3 border-blaze/60 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-bone">
            Only you can see this design until you name it and submit it to the gallery.
          </p>
          <Link
            to={`/create-design?photo=${encodeURIComponent(design.environmentPhotoId)}`}
            className="btn btn-primary shrink-0"
          >
            Finish this design
          </Link>
        </div>
      )}
    </>
  );
}
