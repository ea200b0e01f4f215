import type { PrivateProfile } from '@camo/shared/api.schema';
import { adminWarningMessages, type Queue } from '@camo/shared/moderation.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import AdminPage from './admin';
import { testConfig } from '@/test/public-config';

const moderator: PrivateProfile = {
  id: 'm1',
  displayName: 'Morgan Mod',
  image: null,
  createdAt: '2025-06-01T00:00:00Z',
  email: 'mod@example.com',
  phoneNumber: '',
  zipCode: '',
  allowPromo: false,
  lastSignIn: null,
  blocked: false,
  moderator: true,
  contestVotes: { minAccountAgeHours: 24, countFrom: '2025-06-02T00:00:00Z' },
};

const config = testConfig({ devSignIn: true, signInProvider: 'dev-oidc' });

/** /admin with the moderator signed in and the queue's reply as given (no network). */
function renderAdmin(queue: Queue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['config'], config);
  queryClient.setQueryData(queryKeys.me, moderator);
  queryClient.setQueryData(['admin', 'reports'], queue);
  queryClient.setQueryData(['admin', 'log'], { actions: [] });
  queryClient.setQueryData(['admin', 'blocked'], { users: [] });
  const router = createMemoryRouter([{ path: '/admin', element: <AdminPage /> }], {
    initialEntries: ['/admin'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('AdminPage', () => {
  it('warns moderators that the development sign-in with ADMIN_EMAILS lets anybody moderate', () => {
    renderAdmin({ items: [], warnings: ['devSignInWithAdmins'] });
    expect(screen.getByRole('alert')).toHaveTextContent(adminWarningMessages.devSignInWithAdmins);
  });

  it('shows no warning when the server names none', () => {
    renderAdmin({ items: [], warnings: [] });
    expect(screen.getByRole('heading', { name: 'Moderation' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
