import type { DesignToggles, GenerationStarted } from '@camo/shared/generation.schema';
import { ApiRequestError, readReply } from '@/lib/api-client';

export type GenerationRequest = {
  photo: File;
  description: string;
  /** Two-letter state code. */
  state: string;
  county: string;
  designToggles: DesignToggles;
  /** One per Generate click: repeating the same request makes no second job. */
  idempotencyKey: string;
};

export type UploadHandle = {
  /** Resolves with the new (or, for a repeated key, the existing) generation's photo id. */
  done: Promise<GenerationStarted>;
  abort: () => void;
};

/**
 * POST /api/generations as multipart/form-data. XMLHttpRequest rather than fetch because only it
 * reports upload progress, which drives the 'Uploading Photo' stage. The photo goes last so the
 * server reads every field before the file (the same order as the shared contract).
 */
export function startGeneration(
  request: GenerationRequest,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<GenerationStarted>((resolve, reject) => {
    const body = new FormData();
    body.append('description', request.description);
    body.append('state', request.state);
    body.append('county', request.county);
    body.append('designToggles', JSON.stringify(request.designToggles));
    body.append('idempotencyKey', request.idempotencyKey);
    body.append('photo', request.photo, request.photo.name || 'photo');

    xhr.open('POST', '/api/generations');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const started = readReply<GenerationStarted>(xhr.status, xhr.responseText);
        onProgress(1);
        resolve(started);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
