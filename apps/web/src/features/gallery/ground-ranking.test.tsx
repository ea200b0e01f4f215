import type { DesignCard } from '@camo/shared/api.schema';
import type { Calibration } from '@camo/shared/concealment.schema';
import type { GroundRanking } from '@camo/shared/ground.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import GalleryPage from '@/app/routes/gallery';
import { jsonReply } from '@/test/concealment-fixtures';

const PHOTO = '6f1c9a52-0000-4000-8000-000000000001';

function card(id: string, hiding: number | null, refined: boolean, overrides: Partial<DesignCard> = {}) {
  return {
    id,
    userId: 'u1',
    name: id,
    imageUrl: `/files/${id}.png`,
    thumbnailUrl: `/files/${id}_thumb.png`,
    designerName: 'Buck',
    state: 'TX',
    county: '',
    status: 'submitted' as const,
    voteCount: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    hiding: null,
    ...overrides,
    ground: { hiding, refined },
  };
}

const ranking = (overrides: Partial<GroundRanking> = {}): GroundRanking => ({
  designs: [card('Ridge', 81, true), card('Creek', 64, false)],
  nextCursor: null,
  observer: 'deer',
  distanceM: 25,
  light: 'daylight',
  total: 2,
  refining: false,
  inRange: true,
  ...overrides,
});

/** Answers the ranking with each reply in turn (the last repeats) and the calibration; records the queries. */
function renderRanking(url: string, replies: GroundRanking[], calibration?: Calibration) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const [path, search = ''] = input.split('?');
      if (path === `/api/ground-photos/${PHOTO}/ranking`) {
        queries.push(new URLSearchParams(search));
        return Promise.resolve(jsonReply(replies[Math.min(queries.length - 1, replies.length - 1)]));
      }
      if (path === '/api/predicted-hiding/calibration' && calibration)
        return Promise.resolve(jsonReply(calibration));
      return new Promise<Response>(() => {});
    }),
  );
  const router = createMemoryRouter([{ path: '/gallery', element: <GalleryPage /> }], {
    initialEntries: [url],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queries, router };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/gallery ranked in a ground photo', () => {
  it('ranks at dawn or dusk where that light is chosen, says so, and goes back to daylight (decision 034)', async () => {
    localStorage.setItem('hiding-light', 'twilight');
    const { queries } = renderRanking(`/gallery?ground=${PHOTO}&observer=deer&distance=25`, [
      ranking({ light: 'twilight' }),
    ]);
    await screen.findByRole('link', { name: /Ridge/ });
    expect(queries[0]?.get('light')).toBe('twilight');
    expect(screen.getByTestId('ranked-for')).toHaveTextContent(
      'Ranked by predicted hiding in your photo from a deer at 25 m at dawn or dusk.',
    );
    expect(screen.getByRole('radio', { name: 'Dawn or dusk' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Daylight' }));
    expect(localStorage.getItem('hiding-light')).toBe('daylight');
    await waitFor(() => expect(queries.at(-1)?.has('light')).toBe(false));
    expect(screen.getByTestId('ranked-for')).toHaveTextContent(
      'Ranked by predicted hiding in your photo from a deer at 25 m.',
    );
  });

  it('shows the ranking with each card scored, an estimate marked, and says what it is', async () => {
    const { queries } = renderRanking(
      `/gallery?sort=votes&state=TX&ground=${PHOTO}&observer=deer&distance=25`,
      [ranking()],
      {
        status: 'fitted',
        fittedAt: '2026-11-25T03:00:00.000Z',
        rounds: 400,
        designs: 40,
        roundsNeeded: 200,
        reversed: [],
        pairwiseAgreement: 0.72,
        spearman: 0.5,
        comparedDesigns: 31,
        weights: null,
      } satisfies Calibration,
    );
    const first = (await screen.findByRole('link', { name: /Ridge/ })).closest('li')!;
    expect(queries[0]?.toString()).toBe('observer=deer&distance=25&state=TX');
    expect(first).toHaveTextContent('#1');
    expect(within(first).getByTestId('card-ground-score')).toHaveTextContent(
      /^81Predicted hiding in your photo \(0-100\)$/,
    );
    expect(within(first).getByRole('link', { name: /Ridge/ })).toHaveAttribute(
      'href',
      `/gallery/Ridge?ground=${PHOTO}&observer=deer&distance=25`,
    );
    const second = screen.getByRole('link', { name: /Creek/ }).closest('li')!;
    expect(within(second).getByTestId('card-ground-score')).toHaveTextContent(/64.*estimate/);

    expect(screen.getByTestId('ranked-for')).toHaveTextContent(
      'Ranked by predicted hiding in your photo from a deer at 25 m.',
    );
    expect(await screen.findByTestId('ranking-agreement')).toHaveTextContent(
      'So far it has ordered 72% of pairs of designs as the hide-and-seek game did (31 designs).',
    );
    expect(screen.getByRole('link', { name: 'How the prediction is made' })).toHaveAttribute(
      'href',
      '/hunt/insights#agreement-title',
    );
    expect(screen.getByRole('img', { name: 'Your ground photo' })).toHaveAttribute(
      'src',
      `/api/ground-photos/${PHOTO}/image`,
    );
    expect(screen.getByRole('link', { name: 'Back to the usual gallery' })).toHaveAttribute(
      'href',
      '/gallery?sort=votes&state=TX',
    );
    // A ranking has its own order and no search: the state, year and month stay.
    expect(screen.queryByRole('group', { name: 'Sort designs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
  });

  it('asks again while refining, and the cards update in place', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queries } = renderRanking(`/gallery?ground=${PHOTO}`, [
      ranking({ refining: true, designs: [card('Ridge', 70, false)] }),
      ranking({ designs: [card('Ridge', 77, true)] }),
    ]);
    const score = await screen.findByTestId('card-ground-score');
    expect(score).toHaveTextContent(/70.*estimate/);
    expect(screen.getByText('Refining the top scores...')).toHaveAttribute('role', 'status');
    // The pages' one default eye: a deer at 25 m.
    expect(queries[0]?.get('observer')).toBe('deer');
    expect(queries[0]?.get('distance')).toBe('25');
    await vi.advanceTimersByTimeAsync(1600);
    await waitFor(() => expect(screen.getByTestId('card-ground-score')).toHaveTextContent(/^77/));
    expect(screen.getByTestId('card-ground-score')).not.toHaveTextContent('estimate');
    expect(screen.queryByText('Refining the top scores...')).not.toBeInTheDocument();
  });

  it('applies a state filter and loads the next page with the cursor, keeping the photo in the URL', async () => {
    const { queries, router } = renderRanking(`/gallery?ground=${PHOTO}&observer=person&distance=10`, [
      ranking({ nextCursor: '12' }),
      ranking({ designs: [card('Mesa', 50, true)], nextCursor: null }),
    ]);
    await screen.findByRole('link', { name: /Ridge/ });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect((await screen.findByRole('link', { name: /Mesa/ })).closest('li')).toHaveTextContent('#3');
    expect(queries.at(-1)?.get('cursor')).toBe('12');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'AZ');
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('AZ'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('ground')).toBe(PHOTO);
    expect(search.get('state')).toBe('AZ');
  });

  it('says when no design matches, and when the distance is out of range in the photo', async () => {
    renderRanking(`/gallery?ground=${PHOTO}&state=VT`, [ranking({ designs: [], total: 0 })]);
    expect(await screen.findByText('No designs match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeInTheDocument();
  });

  it('says the distance is out of range when it is', async () => {
    renderRanking(`/gallery?ground=${PHOTO}&distance=100`, [ranking({ inRange: false, designs: [] })]);
    expect(await screen.findByTestId('ranking-out-of-range')).toHaveTextContent(
      'At 100 m the target would be too small or too large in this photo to judge.',
    );
  });
});
