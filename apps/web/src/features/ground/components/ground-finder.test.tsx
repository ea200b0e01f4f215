import type { GroundPhoto, GroundPhotoList } from '@camo/shared/ground.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '@/test/concealment-fixtures';
import { jpegFile, stubImageDecoder } from '@/test/image-decoder';
import { GroundFinder } from './ground-finder';

const PHOTO = '6f1c9a52-0000-4000-8000-000000000001';

const photo = (overrides: Partial<GroundPhoto> = {}): GroundPhoto => ({
  id: PHOTO,
  width: 1600,
  height: 1200,
  kept: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  imageUrl: `/api/ground-photos/${PHOTO}/image`,
  ...overrides,
});

/** Answers the photo list and the upload with the given replies; records the upload's form. */
function renderFinder(
  signedIn: boolean,
  { list, upload }: { list?: GroundPhotoList; upload?: () => Response } = {},
) {
  const uploads: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === '/api/ground-photos' && init?.method === 'POST') {
        uploads.push(init.body as FormData);
        return Promise.resolve(upload ? upload() : jsonReply(photo(), 201));
      }
      if (input === '/api/ground-photos')
        return Promise.resolve(jsonReply(list ?? { photos: [], dailyLimit: 20, usedToday: 0 }));
      return new Promise<Response>(() => {});
    }),
  );
  stubImageDecoder();
  const onChoose = vi.fn();
  const router = createMemoryRouter(
    [{ path: '/gallery', element: <GroundFinder signedIn={signedIn} onChoose={onChoose} /> }],
    { initialEntries: ['/gallery?sort=recent'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { uploads, onChoose };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
// The chooser is a chunk of its own (lazy-ground-photo-chooser.tsx): wait until it is on the page.
const loadedFileInput = async () => {
  await waitFor(() => expect(fileInput()).not.toBeNull());
  return fileInput();
};

afterEach(() => vi.unstubAllGlobals());

describe('GroundFinder', () => {
  it('asks a visitor to log in, coming back to the same gallery', () => {
    renderFinder(false);
    expect(screen.getByRole('heading', { name: 'Find designs for my ground' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/gallery?sort=recent')}`,
    );
    expect(fileInput()).toBeNull();
  });

  it('uploads a chosen photo with the eye first (the remembered one, a deer at 25 m unless chosen), then ranks in it', async () => {
    const { uploads, onChoose } = renderFinder(true);
    expect(screen.getByRole('radio', { name: 'Deer' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '25 m' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Deer' }));
    await userEvent.click(screen.getByRole('radio', { name: '50 m' }));
    await userEvent.upload(await loadedFileInput(), jpegFile());
    await waitFor(() =>
      expect(onChoose).toHaveBeenCalledWith({ photoId: PHOTO, observer: 'deer', distance: 50 }),
    );
    const form = uploads[0]!;
    expect([...form.keys()]).toEqual(['observer', 'distance', 'photo']);
    expect(form.get('observer')).toBe('deer');
    expect(form.get('distance')).toBe('50');
  });

  it('refuses a file that is not a picture, and says why the server refused one', async () => {
    const { uploads, onChoose } = renderFinder(true, {
      upload: () =>
        jsonReply(
          {
            error: 'too_many_requests',
            message: "You have reached today's limit of 20 ground photos. Please try again tomorrow.",
          },
          429,
        ),
    });
    await userEvent.upload(
      await loadedFileInput(),
      new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/image/i);
    expect(uploads).toHaveLength(0);
    await userEvent.upload(await loadedFileInput(), jpegFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "You have reached today's limit of 20 ground photos.",
      ),
    );
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('offers the photos uploaded before', async () => {
    const { onChoose, uploads } = renderFinder(true, {
      list: { photos: [photo()], dailyLimit: 20, usedToday: 3 },
    });
    const earlier = await screen.findByRole('button', { name: /Your ground photo/ });
    expect(screen.getByText(/3 of 20 uploads used today/)).toBeInTheDocument();
    await userEvent.click(earlier);
    expect(onChoose).toHaveBeenCalledWith({ photoId: PHOTO, observer: 'deer', distance: 25 });
    expect(uploads).toHaveLength(0);
  });
});
