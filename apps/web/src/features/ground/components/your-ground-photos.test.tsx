import type { GroundPhoto, GroundPhotoList } from '@camo/shared/ground.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '@/test/concealment-fixtures';
import { YourGroundPhotos } from './your-ground-photos';

const ID = '6f1c9a52-0000-4000-8000-000000000001';
const photo = (overrides: Partial<GroundPhoto> = {}): GroundPhoto => ({
  id: ID,
  width: 1600,
  height: 1200,
  kept: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  imageUrl: `/api/ground-photos/${ID}/image`,
  ...overrides,
});

function renderList(lists: GroundPhotoList[], breed?: (photo: GroundPhoto) => ReactNode) {
  let call = 0;
  const requests: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ url: input, method, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (input === '/api/ground-photos') {
        const list = lists[Math.min(call, lists.length - 1)]!;
        call += 1;
        return Promise.resolve(jsonReply(list));
      }
      if (method === 'PATCH') return Promise.resolve(jsonReply(photo({ kept: true, expiresAt: null })));
      if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      return new Promise<Response>(() => {});
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <YourGroundPhotos breed={breed} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('YourGroundPhotos', () => {
  it('says there are none yet, and that they are private', async () => {
    renderList([{ photos: [], dailyLimit: 20, usedToday: 0 }]);
    expect(await screen.findByText('You have not uploaded a ground photo yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Only you can see your ground photos. They are never shown in the gallery.'),
    ).toBeInTheDocument();
  });

  it('shows when a photo is removed, keeps it, and links to its ranking', async () => {
    const requests = renderList([
      { photos: [photo()], dailyLimit: 20, usedToday: 1 },
      { photos: [photo({ kept: true, expiresAt: null })], dailyLimit: 20, usedToday: 1 },
    ]);
    const item = await screen.findByTestId('ground-photo');
    expect(within(item).getByTestId('ground-photo-expiry')).toHaveTextContent(
      /^Removed on December 20, 2026 unless you keep it\.$/,
    );
    const img = within(item).getByRole('img', { name: 'Your ground photo' });
    expect(img).toHaveAttribute('src', `/api/ground-photos/${ID}/image`);
    expect(img).toHaveAttribute('width', '1600');
    expect(within(item).getByRole('link')).toHaveAttribute(
      'href',
      `/gallery?ground=${ID}&observer=deer&distance=25`,
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Keep' }));
    expect(requests).toContainEqual({
      url: `/api/ground-photos/${ID}`,
      method: 'PATCH',
      body: { kept: true },
    });
    expect(await within(item).findByText('Kept until you delete it.')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: "Don't keep" })).toBeInTheDocument();
  });

  it("folds the route's breeding form under each photo, for that photo", async () => {
    renderList([{ photos: [photo()], dailyLimit: 20, usedToday: 1 }], (p) => <p>Form for {p.id}</p>);
    const item = await screen.findByTestId('ground-photo');
    const summary = within(item).getByText('Start a breeding ground');
    expect(summary.tagName).toBe('SUMMARY');
    expect(within(item).getByText(`Form for ${ID}`)).not.toBeVisible();
    await userEvent.click(summary);
    expect(within(item).getByText(`Form for ${ID}`)).toBeVisible();
  });

  it('deletes a photo only once confirmed', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    const requests = renderList([
      { photos: [photo()], dailyLimit: 20, usedToday: 1 },
      { photos: [], dailyLimit: 20, usedToday: 1 },
    ]);
    vi.stubGlobal('confirm', confirm);
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Delete this photo and its rankings?');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(remove);
    await waitFor(() =>
      expect(requests).toContainEqual({ url: `/api/ground-photos/${ID}`, method: 'DELETE', body: {} }),
    );
    expect(await screen.findByText('You have not uploaded a ground photo yet.')).toBeInTheDocument();
  });
});
