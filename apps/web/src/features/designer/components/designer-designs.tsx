import type { DesignCard } from '@camo/shared/api.schema';
import { messages } from '@camo/shared/messages';
import { Link } from 'react-router';
import { DesignThumbnail } from '@/components/design/design-thumbnail';
import { locationLabel } from '@/lib/design-view';
import { LocalDate } from '@/components/ui/local-date';

/**
 * A designer's submitted designs (spec designer profile): image, name, place, date, votes. The date
 * once: a contest month beside it would say the same month again (the design page has the contest).
 */
export function DesignerDesigns({ designs }: { designs: DesignCard[] | undefined }) {
  if (designs === undefined) {
    return (
      <ul
        aria-hidden="true"
        className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="card aspect-[4/5] animate-pulse bg-loam" />
        ))}
      </ul>
    );
  }
  if (designs.length === 0) return <p className="text-lg text-sage">{messages.noDesignsForUser}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {designs.map((design) => {
        const name = design.name.trim() || messages.noName;
        return (
          <li key={design.id} className="card overflow-hidden">
            <Link to={`/gallery/${design.id}`} className="group flex flex-col focus-visible:outline-none">
              <DesignThumbnail design={design} className="transition group-hover:opacity-90" />
              <div className="flex flex-col gap-1 px-4 py-3 text-sm text-sage">
                <h2 className="break-words font-condensed text-xl font-bold uppercase tracking-wider text-bone group-hover:text-blaze group-focus-visible:underline">
                  {name}
                </h2>
                <p>{locationLabel(design.state, design.county)}</p>
                <p>
                  <LocalDate iso={design.createdAt} />
                </p>
                <p className="font-condensed font-bold uppercase tracking-wider text-coyote-300">
                  {design.voteCount} {design.voteCount === 1 ? 'vote' : 'votes'}
                </p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
