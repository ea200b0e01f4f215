import { messages } from '@camo/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from './protected-route';

function LoginProbe() {
  const location = useLocation();
  return <p>login page at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string): QueryClient {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { element: <ProtectedRoute />, children: [{ path: '/profile', element: <p>secret profile</p> }] },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

function mockApi(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const handler = routes[input];
      return Promise.resolve(handler ? handler() : new Response('{}', { status: 404 }));
    }),
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

const profile = {
  id: 'u1',
  displayName: 'Buck',
  image: null,
  createdAt: '2025-06-01T00:00:00Z',
  email: 'buck@example.com',
  phoneNumber: '',
  zipCode: '',
  allowPromo: false,
  lastSignIn: null,
  blocked: false,
  moderator: false,
};

describe('ProtectedRoute', () => {
  it('shows Loading... while the session loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderAt('/profile');
    expect(screen.getByRole('status')).toHaveTextContent(messages.loading);
  });

  it('sends a signed-out visitor to /login with the page to come back to', async () => {
    mockApi({ '/api/auth/get-session': () => json(null) });
    renderAt('/profile?tab=designs');
    expect(await screen.findByText(/login page at/)).toHaveTextContent(
      `login page at /login?redirect=${encodeURIComponent('/profile?tab=designs')}`,
    );
  });

  it('treats a 401 from /api/me as signed out', async () => {
    mockApi({
      '/api/auth/get-session': () => json({ session: {} }),
      '/api/me': () => json({ error: 'unauthorized', message: 'Sign in.' }, 401),
    });
    renderAt('/profile');
    expect(await screen.findByText(/login page at/)).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', async () => {
    mockApi({
      '/api/auth/get-session': () => json({ session: {} }),
      '/api/me': () => json(profile),
    });
    renderAt('/profile');
    expect(await screen.findByText('secret profile')).toBeInTheDocument();
  });

  it('keeps the page when a later session check fails (what the user is typing stays)', async () => {
    mockApi({
      '/api/auth/get-session': () => json({ session: {} }),
      '/api/me': () => json(profile),
    });
    const queryClient = renderAt('/profile');
    expect(await screen.findByText('secret profile')).toBeInTheDocument();
    mockApi({ '/api/auth/get-session': () => json({ error: 'unavailable' }, 503) });
    await queryClient.refetchQueries({ queryKey: ['me'] });
    expect(queryClient.getQueryState(['me'])?.status).toBe('error');
    expect(screen.getByText('secret profile')).toBeInTheDocument();
  });

  it('offers Try again when the first session check fails', async () => {
    mockApi({ '/api/auth/get-session': () => json({ error: 'unavailable' }, 503) });
    renderAt('/profile');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('secret profile')).toBeNull();
  });
});
