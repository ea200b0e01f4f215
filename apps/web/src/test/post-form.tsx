import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/**
 * A form that POSTs to `url` and then navigates, rendered at `at` among `routes`: each body it
 * sends is kept (parsed), each answer is `reply`'s; any other request never settles.
 */
export function renderPostForm(options: {
  url: string;
  reply: () => Response;
  at: string;
  routes: { path: string; element: ReactElement }[];
}) {
  const requests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === options.url && init?.method === 'POST') {
        requests.push(JSON.parse(init.body as string));
        return Promise.resolve(options.reply());
      }
      return new Promise<Response>(() => {});
    }),
  );
  const router = createMemoryRouter(options.routes, { initialEntries: [options.at] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, router };
}
