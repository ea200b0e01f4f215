import type { Design, GenerationOutcome } from '@camo/shared/generation.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DesignFinalize } from '@/features/create-design/components/design-finalize';
import { DesignSelection } from '@/features/create-design/components/design-selection';
import { availableVariants } from '@/lib/design-view';
import { queryKeys } from '@/lib/query-keys';

/** Moves focus to the new step's heading when the step changes (not on the first render). */
export function useStepFocus(key: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('step-heading')?.focus();
  }, [key]);
}

/** A generated design from the choice of A or B to the submit. */
export function DesignWorkflow({
  initial,
  outcome,
  outcomeMessage,
  comparison,
}: {
  initial: Design;
  outcome: GenerationOutcome | null;
  outcomeMessage: string | null;
  /** How well A and B are predicted to hide, shown above them (concealment's, given by the route). */
  comparison?: (designId: string) => ReactNode;
}) {
  const [design, setDesign] = useState(initial);
  const [choosing, setChoosing] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const update = (next: Design) => {
    setDesign(next);
    queryClient.setQueryData(queryKeys.design(next.id), next);
  };

  const selecting = choosing || design.selectedVariant === null;
  useStepFocus(selecting ? 'select' : 'finalize');

  if (selecting) {
    return (
      <DesignSelection
        design={design}
        outcomeMessage={outcomeMessage}
        comparison={comparison}
        onSelected={(next) => {
          update(next);
          setChoosing(false);
        }}
      />
    );
  }
  return (
    <DesignFinalize
      design={design}
      onDesign={update}
      // With one design there is nothing to choose; the server has selected it.
      notice={outcome === 'one' ? outcomeMessage : null}
      onChangeSelection={
        design.hasEdits || availableVariants(design).length < 2 ? null : () => setChoosing(true)
      }
      onSubmitted={(submitted) => {
        update(submitted);
        void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
        void queryClient.invalidateQueries({ queryKey: queryKeys.userDesigns(submitted.userId) });
        // Figures kept from before the choice (a draft's page seen earlier) are not the submitted image's.
        queryClient.removeQueries({ queryKey: queryKeys.concealment(submitted.id) });
        void navigate(`/gallery/${submitted.id}`);
      }}
    />
  );
}
