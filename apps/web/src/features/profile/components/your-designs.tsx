import { messages } from '@camo/shared/messages';
import type { DesignCard } from '@camo/shared/api.schema';
import { Link } from 'react-router';

export function YourDesigns({
  designs,
  isPending,
  isError,
}: {
  designs: DesignCard[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  return (
    <section aria-labelledby="your-designs-title" className="flex flex-col gap-6">
      <h2 id="your-designs-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
        Your Designs
      </h2>
      {isError && (
        <p role="alert" className="text-danger">
          Your designs couldn't be loaded right now.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        <li>
          <Link
            to="/design"
            className="flex aspect-[4/5] flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed border-blaze/70 bg-night p-4 text-center transition-colors hover:border-blaze hover:bg-loam"
          >
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-blaze text-4xl font-bold text-night"
            >
              +
            </span>
            <span className="font-condensed text-lg font-bold uppercase tracking-wider text-bone">
              Create new design
            </span>
          </Link>
        </li>
        {isPending &&
          Array.from({ length: 3 }, (_, index) => (
            <li key={index} aria-hidden="true" className="card aspect-[4/5] animate-pulse bg-loam" />
          ))}
        {designs?.map((design) => {
          const isDraft = design.status === 'pending_selection';
          const isHidden = design.status === 'hidden';
          const name = isDraft ? 'Draft' : design.name.trim() || messages.noName;
          const image = design.thumbnailUrl ?? design.imageUrl;
          // A draft goes back to the create flow, where it is finished and submitted.
          const to =
            isDraft && design.environmentPhotoId
              ? `/create-design?photo=${encodeURIComponent(design.environmentPhotoId)}`
              : `/gallery/${design.id}`;
          return (
            <li key={design.id}>
              <Link
                to={to}
                aria-label={isDraft ? 'Draft, not submitted yet: finish this design' : undefined}
                className="card group relative flex aspect-[4/5] flex-col overflow-hidden"
              >
                {isDraft && (
                  <span className="absolute left-2 top-2 z-10 rounded bg-coyote-300 px-2 py-0.5 font-condensed text-sm font-bold uppercase text-night">
                    Draft
                  </span>
                )}
                {isHidden && (
                  <span className="absolute left-2 top-2 z-10 rounded bg-danger px-2 py-0.5 font-condensed text-sm font-bold uppercase text-night">
                    Hidden by a moderator
                  </span>
                )}
                <div className="min-h-0 flex-1 overflow-hidden bg-loam">
                  {image ? (
                    <img
                      src={image}
                      alt=""
                      width={400}
                      height={400}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                    />
                  ) : (
                    <div className="camo-texture size-full" />
                  )}
                </div>
                <p className="truncate px-3 py-2.5 font-condensed text-lg font-bold uppercase tracking-wide text-bone">
                  {isDraft ? 'Finish this design' : name}
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
      {designs?.length === 0 && (
        <p className="text-sage">No designs yet. Your first pattern is one photo away.</p>
      )}
    </section>
  );
}
