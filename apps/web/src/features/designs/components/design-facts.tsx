import type { Design } from '@camo/shared/generation.schema';
import { locationLabel } from '@/lib/design-view';
import { LocalDate } from '@/components/ui/local-date';

/** When and where the design was made, its variant and its votes. */
export function DesignFacts({ design }: { design: Design }) {
  return (
    <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5">
      <dt className="eyebrow">Created</dt>
      <dd className="text-bone">
        <LocalDate iso={design.createdAt} />
      </dd>
      <dt className="eyebrow">Location</dt>
      <dd className="text-bone">{locationLabel(design.state, design.county)}</dd>
      <dt className="eyebrow">Selected variant</dt>
      <dd className="text-bone">
        {design.selectedVariant ? `Design ${design.selectedVariant}` : 'None yet'}
      </dd>
      <dt className="eyebrow">Votes</dt>
      <dd className="text-bone">{design.voteCount}</dd>
    </dl>
  );
}
