import type { ReactNode } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { DesignForm } from '@/features/create-design/components/design-form';
import { DesignWorkflow, useStepFocus } from '@/features/create-design/components/design-workflow';
import {
  AlreadySubmitted,
  GenerationFailed,
  GenerationWithoutDesign,
} from '@/features/create-design/components/generation-outcome';
import { GenerationProgress } from '@/features/create-design/components/generation-progress';
import type { CreateDesignFlow } from '@/features/create-design/lib/use-create-design';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The step the flow is at, keyed: a new key is a new step, whose heading takes the focus. Step 1
 * is the form; step 2 follows the upload and the generation, then the choice of A or B, the
 * edit, the name and the submit.
 */
function currentStep(
  flow: CreateDesignFlow,
  comparison: CreateDesignSlots['comparison'],
): { key: string; node: ReactNode } {
  const { photoId, upload, generation, followError, backToForm } = flow;
  if (upload?.state === 'running') {
    return {
      key: 'progress',
      node: <GenerationProgress generation={null} uploadFraction={upload.fraction} />,
    };
  }
  if (upload?.state === 'failed') {
    return { key: 'failed', node: <GenerationFailed message={null} onGoBack={backToForm} /> };
  }
  if (!photoId) {
    return {
      key: 'form',
      node: (
        <DesignForm
          form={flow.form}
          onChange={flow.changeForm}
          onPhoto={flow.choosePhoto}
          onGenerate={flow.generate}
          serverError={flow.formError}
        />
      ),
    };
  }
  if (followError && !generation) {
    const notFound = followError instanceof ApiRequestError && followError.status === 404;
    return {
      key: 'failed',
      node: <GenerationFailed message={notFound ? 'Generation not found.' : null} onGoBack={backToForm} />,
    };
  }
  if (!generation) {
    return flow.uploadedId === photoId
      ? { key: 'progress', node: <GenerationProgress generation={null} uploadFraction={null} /> }
      : { key: 'loading', node: <LoadingState /> };
  }
  if (generation.status === 'failed') {
    return { key: 'failed', node: <GenerationFailed message={generation.error} onGoBack={backToForm} /> };
  }
  if (generation.status !== 'completed') {
    return { key: 'progress', node: <GenerationProgress generation={generation} uploadFraction={null} /> };
  }
  if (!generation.design) {
    const urls = [
      { label: 'Design A', url: generation.designAUrl },
      { label: 'Design B', url: generation.designBUrl },
    ].filter((d): d is { label: string; url: string } => d.url !== null);
    return {
      key: 'outcome',
      node: (
        <GenerationWithoutDesign
          message={generation.outcomeMessage}
          designUrls={urls}
          onStartOver={backToForm}
        />
      ),
    };
  }
  if (generation.design.status === 'submitted') {
    return { key: 'submitted', node: <AlreadySubmitted designId={generation.design.id} /> };
  }
  return {
    key: `design-${generation.design.id}`,
    node: (
      <DesignWorkflow
        key={generation.design.id}
        initial={generation.design}
        outcome={generation.outcome}
        outcomeMessage={generation.outcomeMessage}
        comparison={comparison}
      />
    ),
  };
}

/** What other features show in the flow, put together by the route. */
type CreateDesignSlots = {
  /** Above Design A and B on the choose screen: how well each is predicted to hide. */
  comparison?: (designId: string) => ReactNode;
};

/** The create flow's current step, with step 1's heading for screen readers. */
export function CreateDesignStep({ flow, comparison }: { flow: CreateDesignFlow } & CreateDesignSlots) {
  const step = currentStep(flow, comparison);
  useStepFocus(step.key);
  return (
    <>
      {step.key === 'form' && (
        <h2 id="step-heading" tabIndex={-1} className="sr-only">
          Step 1 of 2: your environment
        </h2>
      )}
      {step.node}
    </>
  );
}
