import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { startGeneration, type UploadHandle } from '@/features/create-design/api/start-generation';
import { emptyCreateForm, type CreateForm } from '@/features/create-design/lib/create-form';
import { useGeneration } from '@/features/create-design/lib/use-generation';
import { ApiRequestError } from '@/lib/api-client';

/** Where the upload is: running (with its progress), or failed other than with a 4xx. */
export type Upload = { state: 'running'; fraction: number } | { state: 'failed' } | null;

export type CreateDesignFlow = ReturnType<typeof useCreateDesign>;

/**
 * The create page's state: the form of step 1, its upload, and the generation it started. The
 * job's id lives in `?photo=`, so a reload, or a link from the Design Studio, resumes where the
 * job is.
 */
export function useCreateDesign() {
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

  return {
    photoId,
    form,
    changeForm: (changes: Partial<CreateForm>) => setForm((previous) => ({ ...previous, ...changes })),
    choosePhoto: (photo: File) =>
      setForm((previous) => ({ ...previous, photo, previewUrl: URL.createObjectURL(photo) })),
    upload,
    formError,
    uploadedId,
    generation,
    followError,
    generate: () => void generate(),
    backToForm,
  };
}
