import type { GroundCard as Ground } from '@camo/shared/breeding.schema';
import { Link } from 'react-router';
import { breedingText, placeLabel, statusText, styleLabel } from '../lib/breeding-text';

/** A ground in the list: its photo, place, style, where it is, and who started it. */
export function GroundCard({ ground, first = false }: { ground: Ground; first?: boolean }) {
  const place = placeLabel(ground);
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="ground-card">
      <Link
        to={`/breeding/${encodeURIComponent(ground.id)}`}
        className="group flex flex-col focus-visible:outline-none"
      >
        <img
          src={ground.photoThumbUrl}
          alt=""
          width={400}
          height={300}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] w-full bg-loam object-cover transition group-hover:opacity-90"
        />
        <h2 className="break-words px-4 pt-3 font-condensed text-xl font-bold uppercase tracking-wider text-bone group-hover:text-blaze group-focus-visible:underline">
          {place}
        </h2>
      </Link>
      <div className="flex flex-col gap-1 px-4 pb-4 pt-1 text-sm text-sage">
        <p className="line-clamp-2">{ground.description}</p>
        <p className="font-semibold text-bone">
          {styleLabel(ground.variant)} · {statusText(ground)}
        </p>
        <p>{breedingText.startedBy(ground.starterName)}</p>
      </div>
    </li>
  );
}
