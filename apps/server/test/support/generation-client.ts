import { randomUUID } from 'node:crypto';
import type { Generation } from '@camo/shared/generation.schema';
import type { Client } from './dev-sign-in.js';

export interface UploadFields {
  description?: string;
  state?: string;
  county?: string;
  designToggles?: Record<string, boolean>;
  idempotencyKey?: string;
}

/** POST /api/generations as the browser sends it: multipart fields, then the photo. */
export async function upload(
  client: Client,
  photo: Buffer,
  fields: UploadFields = {},
  type = 'image/jpeg',
): Promise<{ status: number; body: { photoId?: string; error?: string; message?: string } }> {
  const form = new FormData();
  form.set('description', fields.description ?? 'Oak and pine woods with leaf litter');
  form.set('state', fields.state ?? 'AZ');
  form.set('county', fields.county ?? '');
  form.set('designToggles', JSON.stringify(fields.designToggles ?? {}));
  form.set('idempotencyKey', fields.idempotencyKey ?? randomUUID());
  form.set('photo', new Blob([new Uint8Array(photo)], { type }), 'photo');
  const response = await client.fetch('/api/generations', { method: 'POST', body: form });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as { photoId?: string; message?: string },
  };
}

/** Polls the generation until it has finished. */
export async function waitForGeneration(
  client: Client,
  photoId: string,
  timeoutMs = 90_000,
): Promise<Generation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await client.json<Generation>(`/api/generations/${photoId}`);
    if (status !== 200) throw new Error(`generation read failed: ${status} ${JSON.stringify(body)}`);
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`generation ${photoId} still ${body.status}/${body.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
