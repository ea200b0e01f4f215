import type { GroundDesign } from '@camo/shared/ground.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, makePredictions } from '@/test/concealment-fixtures';
import { DesignInMyPhoto } from './design-in-my-photo';

const PHOTO = '6f1c9a52-0000-4000-8000-000000000001';
const reply: GroundDesign = {
  predictions: makePredictions({ deer: [null, 66, 74, 90], person: [52, 61, 70, 85] }),
  calibrated: false,
};

function renderAt(url: string, design: (light: string | null) => Response = () => jsonReply(reply)) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const [path, search = ''] = input.split('?');
      if (path === `/api/ground-photos/${PHOTO}/designs/d1`)
        return Promise.resolve(design(new URLSearchParams(search).get('light')));
      if (input === '/api/ground-photos')
        return Promise.resolve(jsonReply({ photos: [], dailyLimit: 20, usedToday: 0 }));
      return new Promise<Response>(() => {});
    }),
  );
  const router = createMemoryRouter([{ path: '/gallery/d1', element: <DesignInMyPhoto designId="d1" /> }], {
    initialEntries: [url],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const image = () => screen.getByTestId('concealment-view');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DesignInMyPhoto', () => {
  it('without a photo, invites one', () => {
    renderAt('/gallery/d1');
    expect(
      screen.getByRole('heading', { level: 2, name: 'How would this hide in my photo?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Choose a photo of your own ground/)).toBeInTheDocument();
    expect(screen.queryByTestId('concealment-view')).not.toBeInTheDocument();
  });

  it("with ?ground, shows the design in that photo at the ranking's eye, and follows a new choice in the URL", async () => {
    const router = renderAt(`/gallery/d1?ground=${PHOTO}&observer=deer&distance=50`);
    expect(screen.getByRole('heading', { level: 2, name: 'In your photo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Deer' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '50 m' })).toBeChecked();
    expect(image()).toHaveAttribute(
      'src',
      `/api/ground-photos/${PHOTO}/designs/d1/view?observer=deer&distance=50`,
    );
    const table = await screen.findByRole('table', { name: 'Predicted hiding from a deer (0-100)' });
    expect(within(table).getByRole('row', { current: true })).toHaveTextContent('50 m74');

    await userEvent.click(screen.getByRole('radio', { name: 'Person' }));
    expect(image()).toHaveAttribute(
      'src',
      `/api/ground-photos/${PHOTO}/designs/d1/view?observer=person&distance=50`,
    );
    expect(new URLSearchParams(router.state.location.search).get('observer')).toBe('person');
  });

  it('in the remembered light: dawn or dusk asks for that light, shows its figures and its picture (decision 034)', async () => {
    localStorage.setItem('hiding-light', 'twilight');
    const dusk = makePredictions({ deer: [null, 58, 69, 88], person: [50, 57, 66, 80] }).map((p) => ({
      ...p,
      light: 'twilight' as const,
    }));
    const asked: (string | null)[] = [];
    renderAt(`/gallery/d1?ground=${PHOTO}&observer=deer&distance=50`, (light) => {
      asked.push(light);
      return jsonReply({ ...reply, predictions: light === 'twilight' ? dusk : reply.predictions });
    });
    expect(screen.getByRole('radio', { name: 'Dawn or dusk' })).toBeChecked();
    expect(image()).toHaveAttribute(
      'src',
      `/api/ground-photos/${PHOTO}/designs/d1/view?observer=deer&distance=50&light=twilight`,
    );
    const table = await screen.findByRole('table', { name: 'Predicted hiding from a deer (0-100)' });
    expect(within(table).getByRole('row', { current: true })).toHaveTextContent('50 m69');
    expect(asked).toEqual(['twilight']);
    await userEvent.click(screen.getByRole('radio', { name: 'Daylight' }));
    expect(await within(table).findByRole('row', { current: true })).toHaveTextContent('50 m74');
    expect(asked).toEqual(['twilight', null]);
  });

  it("says the photo is not found when it is not the visitor's", async () => {
    renderAt(`/gallery/d1?ground=${PHOTO}`, () =>
      jsonReply({ error: 'not_found', message: 'Not found.' }, 404),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Photo not found.');
  });
});
