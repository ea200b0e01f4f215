import { breedingMessages } from '@camo/shared/breeding.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '@/test/concealment-fixtures';
import { StartGroundForm, startGroundText, type LocationFieldsProps } from './start-ground-form';

const PHOTO = '6f1c9a52-0000-4000-8000-000000000001';
const GROUND = '7a2d0b63-0000-4000-8000-000000000002';

/** The create flow's fields stand-in: a plain state select (the route gives the real ones). */
function FakeLocation({ state, onStateChange }: LocationFieldsProps) {
  return (
    <label>
      State
      <select
        value={state ?? ''}
        onChange={(event) => onStateChange((event.target.value || null) as 'AZ' | null)}
      >
        <option value="">Choose</option>
        <option value="AZ">Arizona</option>
      </select>
    </label>
  );
}

function renderForm(reply: () => Response) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        requests.push({ url: input, body: JSON.parse(init.body as string) });
        return Promise.resolve(reply());
      }
      return new Promise<Response>(() => {});
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <StartGroundForm photoId={PHOTO} LocationFields={FakeLocation} /> },
      { path: '/breeding/:id', element: <p>Ground page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('StartGroundForm', () => {
  it('sends nothing until a state, a description and the agreement are given, and says what is missing', async () => {
    const { requests } = renderForm(() => jsonReply({ id: GROUND }, 201));
    await userEvent.click(screen.getByRole('button', { name: startGroundText.submit }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please select a state from the list.');
    expect(alert).toHaveTextContent(startGroundText.describe);
    expect(alert).toHaveTextContent(breedingMessages.needsAgreement);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'AZ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Reeds by a marsh');
    await userEvent.click(screen.getByRole('button', { name: startGroundText.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${breedingMessages.needsAgreement}$`));
    const agree = screen.getByRole('checkbox', { name: startGroundText.agree });
    expect(agree).toHaveAccessibleDescription(breedingMessages.needsAgreement);
    expect(startGroundText.agree).toMatch(/shown in hide-and-seek rounds and on the ground’s page/);
    expect(startGroundText.agree).toMatch(/kept as long as the ground lives/);
    expect(requests).toEqual([]);
  });

  it("starts the ground with the chosen style and opens the ground's page", async () => {
    const { requests, router } = renderForm(() => jsonReply({ id: GROUND }, 201));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'AZ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  Reeds by a marsh ');
    await userEvent.click(screen.getByRole('radio', { name: 'Digital' }));
    await userEvent.click(screen.getByRole('checkbox', { name: startGroundText.agree }));
    await userEvent.click(screen.getByRole('button', { name: startGroundText.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/breeding/${GROUND}`));
    expect(requests).toEqual([
      {
        url: '/api/breeding/grounds',
        body: {
          source: 'ground',
          photoId: PHOTO,
          variant: 'B',
          state: 'AZ',
          county: '',
          description: 'Reeds by a marsh',
          agree: true,
        },
      },
    ]);
  });

  it("says the server's refusal in its words and stays", async () => {
    const { router } = renderForm(() =>
      jsonReply({ error: 'not_found', message: breedingMessages.photoNotFound }, 404),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'AZ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Reeds');
    await userEvent.click(screen.getByRole('checkbox', { name: startGroundText.agree }));
    await userEvent.click(screen.getByRole('button', { name: startGroundText.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(breedingMessages.photoNotFound);
    expect(router.state.location.pathname).toBe('/profile');
  });
});
