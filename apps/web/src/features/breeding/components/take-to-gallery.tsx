import { limits } from '@camo/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useControlReady } from '@/lib/hydration';
import { useTakeToGallery } from '../api/breeding';
import { breedingMessages } from '../lib/breeding-text';

/**
 * Takes a bred design into the gallery under a name (decision 038): it becomes a gallery design of
 * the person who takes it, credited to its ground and lineage, with votes and comments like any.
 */
export function TakeToGallery({ designId }: { designId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const take = useTakeToGallery(designId);
  const ready = useControlReady();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(breedingMessages.nameRequired);
    setProblem(null);
    take.mutate(trimmed, { onSuccess: ({ designId: galleryId }) => void navigate(`/gallery/${galleryId}`) });
  };
  const message = problem ?? (take.isError ? take.error.message : null);

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Take it into the gallery
      </h2>
      <p className="text-sm text-sage">
        Name it and it joins the gallery as your design, credited to this ground and its family tree: the
        community can vote on it and comment, and it can enter the month&apos;s contest.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <label htmlFor={`${id}-name`} className="font-semibold text-bone">
          Design name
        </label>
        <input
          id={`${id}-name`}
          className="field-input"
          value={name}
          maxLength={limits.designNameMax}
          onChange={(event) => setName(event.target.value)}
          {...ready(take.isPending)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-problem` : undefined}
        />
        {message && (
          <p id={`${id}-problem`} role="alert" className="font-semibold text-danger">
            {message}
          </p>
        )}
        <button type="submit" className="btn btn-primary self-start" {...ready(take.isPending)}>
          {take.isPending ? 'Adding…' : 'Add to the gallery'}
        </button>
      </form>
    </section>
  );
}
