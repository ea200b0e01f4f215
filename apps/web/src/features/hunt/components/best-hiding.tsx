import { Link } from 'react-router';
import { formatContestMonth } from '@/lib/contest-month';
import { useBestHiding } from '../api/hunt';

/**
 * The Trophy Club's second title: each month's entry that hid best in hide and seek (the highest
 * score with at least 20 rounds). The contest itself stays decided by votes.
 */
export function BestHiding() {
  const best = useBestHiding();
  const months = best.data?.months ?? [];
  if (months.length === 0) return null;
  return (
    <div className="mt-14 flex flex-col gap-4">
      <h3 className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone">Best at hiding</h3>
      <p className="max-w-2xl text-sage">
        Each month&apos;s entry hunters took longest to spot in{' '}
        <Link to="/hunt" className="text-link">
          hide and seek
        </Link>
        .
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {months.map((m) => (
          <li key={m.month} className="card overflow-hidden">
            <Link to={`/gallery/${m.designId}`} className="flex items-center gap-3 p-3">
              {m.imageUrl && (
                <img
                  src={m.imageUrl}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 rounded object-cover"
                />
              )}
              <span className="flex flex-col">
                <span className="text-sm text-coyote-300">{formatContestMonth(m.month)}</span>
                <span className="font-semibold text-bone">{m.patternName}</span>
                <span className="text-sm text-sage">
                  by {m.designerName}, hid {m.meanHiddenSeconds.toFixed(1)} s on average
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
