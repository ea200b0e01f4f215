import type { GenerationSummary } from '@camo/shared/generation.schema';
import { Link } from 'react-router';
import { useUnfinishedGenerations } from '@/features/create-design/api/list-generations';
import { locationLabel } from '@/lib/design-view';
import { LocalDate } from '@/components/ui/local-date';

/** The designer's generations not yet made into designs, each a link back into the create flow. */
export function UnfinishedGenerations() {
  const { data } = useUnfinishedGenerations();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-title" className="flex flex-col gap-4">
      <h2 id="unfinished-title" className="stencil-heading text-3xl text-bone">
        Pick up where you left off
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {data.map((generation) => (
          <li key={generation.photoId}>
            <Link
              to={`/create-design?photo=${encodeURIComponent(generation.photoId)}`}
              className="card flex items-center gap-4 p-3 transition-colors hover:border-blaze"
            >
              {generation.thumbnailUrl ? (
                <img
                  src={generation.thumbnailUrl}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 shrink-0 rounded bg-loam object-cover"
                />
              ) : (
                <span aria-hidden="true" className="camo-texture size-20 shrink-0 rounded" />
              )}
              <span className="flex min-w-0 flex-col gap-1">
                <span className="font-condensed text-lg font-bold uppercase tracking-wide text-blaze">
                  {unfinishedLabel(generation)}
                </span>
                <span className="line-clamp-2 text-bone">{generation.description}</span>
                <span className="text-sm text-sage">
                  {locationLabel(generation.state, generation.county)} ·{' '}
                  <LocalDate iso={generation.createdAt} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function unfinishedLabel(generation: GenerationSummary): string {
  if (generation.status === 'failed') return 'Generation failed';
  if (generation.status === 'completed') return generation.designId ? 'Ready to finish' : 'See the results';
  return 'Generating...';
}
