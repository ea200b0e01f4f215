import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { startGeneration, type UploadHandle } from '@/features/create-design/api/start-generation';
import { DesignForm } from '@/features/create-design/components/design-form';
import { GenerationProgress } from '@/features/create-design/components/generation-progress';
import {
  AlreadySubmitted,
  GenerationFailed,
  GenerationWithoutDesign,
} from '@/features/create-design/components/generation-outcome';
import { emptyCreateForm, type CreateForm } from '@/features/create-design/lib/create-form';
import { useGeneration } from '@/features/create-design/lib/use-generation';
import { ApiRequestError } from '@/lib/api-client';
import { useStepFocus, DesignWorkflow } from '@/features/create-design/components/design-workflow';

/** Where the upload is: running (with its progress), or failed other than with a 4xx. */
type Upload = { state: 'running'; fraction: number } | { state: 'failed' } | null;

/**
 * /create-design (spec §2): step 1 collects the photo and its details; step 2 follows the
 * generation, then the choice of A or B, the edit, the name and the submit. The job's id lives in
 * `?photo=`, so a reload, or a link from the Design Studio, resumes where the job is.
 */
export default function CreateDesignPage() {
  useDocumentTitle('Create a Design');
  const [searchParams, setSearchParams] = useSearchParams();
  // The job this page just uploaded counts as the address's from the moment it is known: the
  // router takes the new `?photo=` a render later, and step 1 would flash back in between.
  const [arriving, setArriving] = useState<string | null>(null);
  const addressPhotoId = searchParams.get('photo');
  const photoId = addressPhotoId ?? arriving;
  useEffect(() => {
    if (arriving && addressPhotoId === arriving) setArriving(null);
  }, [arriving, addressPhotoId]);
  const [form, setForm] = useState<CreateForm>(emptyCreateForm);
  const [upload, setUpload] = useState<Upload>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The job this page just uploaded: its progress shows at once, before the first report.
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const uploadRef = useRef<UploadHandle | null>(null);
  const { generation, error: followError } = useGeneration(upload ? null : photoId);

  // The preview's object URL lives as long as the photo it shows.
  const previewUrl = form.previewUrl;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  // Leaving the page stops an upload in flight.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const generate = async () => {
    if (!form.photo || !form.state) return;
    setFormError(null);
    setUpload({ state: 'running', fraction: 0 });
    const handle = startGeneration(
      {
        photo: form.photo,
        description: form.description,
        state: form.state,
        county: form.county,
        designToggles: form.toggles,
        idempotencyKey: crypto.randomUUID(),
      },
      (fraction) => setUpload({ state: 'running', fraction }),
    );
    uploadRef.current = handle;
    try {
      const { photoId: started } = await handle.done;
      setUploadedId(started);
      setArriving(started);
      setSearchParams({ photo: started }, { replace: true });
      setUpload(null);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        // Bad input loses nothing: back to step 1 with the server's message.
        setFormError(error.message);
        setUpload(null);
      } else {
        setUpload({ state: 'failed' });
      }
    } finally {
      uploadRef.current = null;
    }
  };

  const backToForm = () => {
    setUpload(null);
    setFormError(null);
    setArriving(null);
    setSearchParams({}, { replace: true });
  };

  let view: { key: string; node: React.ReactNode };
  if (upload?.state === 'running') {
    view = {
      key: 'progress',
      node: <GenerationProgress generation={null} uploadFraction={upload.fraction} />,
    };
  } else if (upload?.state === 'failed') {
    view = { key: 'failed', node: <GenerationFailed message={null} onGoBack={backToForm} /> };
  } else if (!photoId) {
    view = {
      key: 'form',
      node: (
        <DesignForm
          form={form}
          onChange={(changes) => setForm((previous) => ({ ...previous, ...changes }))}
          onPhoto={(photo) =>
            setForm((previous) => ({ ...previous, photo, previewUrl: URL.createObjectURL(photo) }))
          }
          onGenerate={() => void generate()}
          serverError={formError}
        />
      ),
    };
  } else if (followError && !generation) {
    const notFound = followError instanceof ApiRequestError && followError.status === 404;
    view = {
      key: 'failed',
      node: <GenerationFailed message={notFound ? 'Generation not found.' : null} onGoBack={backToForm} />,
    };
  } else if (!generation) {
    view =
      uploadedId === photoId
        ? { key: 'progress', node: <GenerationProgress generation={null} uploadFraction={null} /> }
        : { key: 'loading', node: <LoadingState /> };
  } else if (generation.status === 'failed') {
    view = { key: 'failed', node: <GenerationFailed message={generation.error} onGoBack={backToForm} /> };
  } else if (generation.status !== 'completed') {
    view = { key: 'progress', node: <GenerationProgress generation={generation} uploadFraction={null} /> };
  } else if (!generation.design) {
    const urls = [
      { label: 'Design A', url: generation.designAUrl },
      { label: 'Design B', url: generation.designBUrl },
    ].filter((d): d is { label: string; url: string } => d.url !== null);
    view = {
      key: 'outcome',
      node: (
        <GenerationWithoutDesign
          message={generation.outcomeMessage}
          designUrls={urls}
          onStartOver={backToForm}
        />
      ),
    };
  } else if (generation.design.status === 'submitted') {
    view = { key: 'submitted', node: <AlreadySubmitted designId={generation.design.id} /> };
  } else {
    view = {
      key: `design-${generation.design.id}`,
      node: (
        <DesignWorkflow
          key={generation.design.id}
          initial={generation.design}
          outcome={generation.outcome}
          outcomeMessage={generation.outcomeMessage}
        />
      ),
    };
  }

  useStepFocus(view.key);

  return (
    <>
      <section aria-labelledby="create-title" className="camo-texture relative">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-night/95 via-night/85 to-night/60"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col gap-2 px-4 py-10 sm:px-6 sm:py-12">
          <p className="eyebrow">Design Studio</p>
          <h1 id="create-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
            Create a Design
          </h1>
          <p className="max-w-2xl text-lg text-sage">
            {photoId || upload
              ? 'Two camouflage designs, made from your photo.'
              : 'Upload a photo of your ground, describe it, pick your state and county, and get two camouflage designs made for it.'}
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        {view.key === 'form' && (
          <h2 id="step-heading" tabIndex={-1} className="sr-only">
            Step 1 of 2: your environment
          </h2>
        )}
        {view.node}
      </div>
    </>
  );
}
