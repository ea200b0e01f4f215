import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DesignerPage from './designer';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = (overrides: Record<string, unknown>) => ({
  id: 'd1',
  userId: 'u1',
  name: 'Silent Ridge',
  imageUrl: '/files/d1.png',
  thumbnailUrl: '/files/d1.webp',
  designerName: 'Buck',
  state: 'AZ',
  county: 'Coconino',
  status: 'submitted',
  voteCount: 1,
  createdAt: '2025-06-02T12:00:00.000Z',
  ...overrides,
});

function renderDesigner(replies: Record<string, () => Response>, viewerId = 'viewer') {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      if (input === '/api/auth/get-session') return Promise.resolve(json({ user: { id: viewerId } }));
      if (input === '/api/me') return Promise.resolve(json({ id: viewerId, displayName: 'Viewer' }));
      const reply = replies[input];
      return reply ? Promise.resolve(reply()) : new Promise(() => {});
    }),
  );
  const router = createMemoryRouter([{ path: '/gallery/user/:userId', element: <DesignerPage /> }], {
    initialEntries: ['/gallery/user/u1'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/gallery/user/:userId', () => {
  it('shows the name, member since, and each design with name, place, date and votes', async () => {
    renderDesigner({
      '/api/users/u1': () =>
        json({ id: 'u1', displayName: 'Buck Hollow', image: null, createdAt: '2025-03-04T00:00:00Z' }),
      '/api/users/u1/designs': () =>
        json({
          designs: [
            card({ contestMonth: '2025-06' }),
            card({ id: 'd2', name: '', county: 'N/A', voteCount: 3 }),
          ],
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buck Hollow' })).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && /^Member since /.test(element.textContent ?? ''),
      ),
    ).toHaveTextContent('Member since March 4, 2025');
    expect(await screen.findByRole('link', { name: /Silent Ridge/ })).toHaveAttribute('href', '/gallery/d1');
    expect(screen.getByText('Coconino, AZ')).toBeInTheDocument();
    expect(screen.getByText('1 vote')).toBeInTheDocument();
    // The date once on a card, not again as the contest month.
    const silentRidge = screen.getByRole('link', { name: /Silent Ridge/ });
    expect(silentRidge).toHaveTextContent('June 2, 2025');
    expect(silentRidge.textContent?.match(/June/g)).toHaveLength(1);
    expect(screen.getByRole('link', { name: /No Name/ })).toHaveTextContent('Arizona');
    expect(screen.getByText('3 votes')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it("falls back to 'Anonymous Designer', offers Edit Profile on one's own page, and says when there are no designs", async () => {
    renderDesigner(
      {
        '/api/users/u1': () =>
          json({ id: 'u1', displayName: null, image: null, createdAt: '2025-03-04T00:00:00Z' }),
        '/api/users/u1/designs': () => json({ designs: [card({ status: 'pending_selection' })] }),
      },
      'u1',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Anonymous Designer' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');
    expect(await screen.findByText('No designs found for this user.')).toBeInTheDocument();
  });

  it('shows User Not Found when the profile cannot be loaded', async () => {
    renderDesigner({
      '/api/users/u1': () => json({ error: 'not_found', message: 'User not found.' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("The user you're looking for doesn't exist.");
  });
});
