import { defaultDesignToggles } from '@camo/shared/generation.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { startGeneration } from './start-generation';

class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const request = () => ({
  photo: new File(['jpeg'], 'timber.jpg', { type: 'image/jpeg' }),
  description: 'Oak timber',
  state: 'AZ',
  county: 'Maricopa',
  designToggles: { ...defaultDesignToggles(), blobs: true },
  idempotencyKey: '4d7e3c1a-3f0b-4a0e-9d3a-0c6d1c9b2a11',
});

describe('startGeneration', () => {
  it('posts the fields in order, then the photo, and reports upload progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const handle = startGeneration(request(), (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/generations']);
    expect(xhr.headers).toEqual({ Accept: 'application/json' });
    expect([...xhr.body!.keys()]).toEqual([
      'description',
      'state',
      'county',
      'designToggles',
      'idempotencyKey',
      'photo',
    ]);
    expect(JSON.parse(xhr.body!.get('designToggles') as string)).toMatchObject({
      blobs: true,
      whiteSpace: false,
    });
    expect((xhr.body!.get('photo') as File).name).toBe('timber.jpg');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    xhr.reply(202, { photoId: 'p1' });
    await expect(handle.done).resolves.toEqual({ photoId: 'p1' });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's message on a 4xx", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const handle = startGeneration(request(), vi.fn());
    FakeXhr.last!.reply(400, { error: 'validation', message: 'Please select a county from the list.' });
    const error: unknown = await handle.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: 'Please select a county from the list.' });
  });

  it('rejects as an abort when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const handle = startGeneration(request(), vi.fn());
    handle.abort();
    await expect(handle.done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
