import type { GroundCard } from '@camo/shared/breeding.schema';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useControlReady } from '@/lib/hydration';
import { useStartGround } from '../api/breeding';
import { StyleChoice } from './style-choice';

/**
 * On a gallery design's page, for a signed-in viewer: start a breeding ground for the design's
 * photo of its place (its place and description come with it), in either style; then the new
 * ground's page.
 */
export function BreedFromDesign({
  designId,
  initialVariant,
}: {
  designId: string;
  initialVariant: GroundCard['variant'];
}) {
  const id = useId();
  const navigate = useNavigate();
  const start = useStartGround();
  const ready = useControlReady();
  const [variant, setVariant] = useState<GroundCard['variant']>(initialVariant);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { source: 'design', designId, variant },
      { onSuccess: ({ id: groundId }) => void navigate(`/breeding/${encodeURIComponent(groundId)}`) },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Breed designs for this photo
      </h2>
      <p className="text-sm text-sage">
        Start a breeding ground: the site draws a batch of designs for this place, hunters judge them in hide
        and seek, and the best breed the next batch.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <StyleChoice name={`${id}-style`} value={variant} onChange={setVariant} disabled={start.isPending} />
        {start.isError && (
          <p role="alert" className="font-semibold text-danger">
            {start.error.message}
          </p>
        )}
        <button type="submit" className="btn btn-secondary self-start" {...ready(start.isPending)}>
          {start.isPending ? 'Starting…' : 'Breed designs'}
        </button>
      </form>
    </section>
  );
}
