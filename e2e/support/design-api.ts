import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fixturePath } from './photos.js';

/**
 * Designs made through the real API, as the browser's create flow makes them, for tests whose
 * subject is what comes after (the gallery, the design page, votes, profiles). The requests
 * carry the signed-in page's cookies and a same-origin header like the web app's.
 */
export interface MadeDesign {
  id: string;
  photoId: string;
}

export async function makeDesign(
  page: Page,
  options: {
    name?: string;
    state?: string;
    photo?: string;
    /** The photo's bytes, instead of a fixture named by `photo`. */
    photoBytes?: Buffer;
    submit?: boolean;
    description?: string;
  } = {},
): Promise<MadeDesign> {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const upload = await page.request.post('/api/generations', {
    headers,
    multipart: {
      description: options.description ?? 'Oak and pine woods with leaf litter',
      state: options.state ?? 'AZ',
      county: '',
      designToggles: '{}',
      idempotencyKey: randomUUID(),
      photo: {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: options.photoBytes ?? readFileSync(fixturePath(options.photo ?? 'forest')),
      },
    },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
  const { photoId } = (await upload.json()) as { photoId: string };

  const deadline = Date.now() + 90_000;
  let designId: string | undefined;
  while (!designId) {
    const generation = (await (await page.request.get(`/api/generations/${photoId}`)).json()) as {
      status: string;
      design: { id: string } | null;
    };
    if (generation.status === 'failed') throw new Error(`generation ${photoId} failed`);
    if (generation.status === 'completed' && generation.design) designId = generation.design.id;
    else if (Date.now() > deadline) throw new Error(`generation ${photoId} still ${generation.status}`);
    else await new Promise((resolve) => setTimeout(resolve, 300));
  }

  const post = async (path: string, data: unknown) => {
    const reply = await page.request.post(path, { headers, data });
    if (!reply.ok()) throw new Error(`${path}: ${reply.status()} ${await reply.text()}`);
  };
  await post(`/api/designs/${designId}/select`, { variant: 'A' });
  if (options.submit !== false)
    await post(`/api/designs/${designId}/submit`, {
      name: options.name ?? `Design ${randomUUID().slice(0, 6)}`,
    });
  return { id: designId, photoId };
}
