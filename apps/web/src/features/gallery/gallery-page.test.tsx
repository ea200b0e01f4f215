import type { DesignCard } from '@camo/shared/api.schema';
import type { GalleryPage as GalleryReply } from '@camo/shared/community.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import GalleryPage from '@/app/routes/gallery';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function card(overrides: Partial<DesignCard> = {}): DesignCard {
  return {
    id: 'd1',
    userId: 'u1',
    name: 'Silent Ridge',
    imageUrl: '/files/d1.png',
    thumbnailUrl: '/files/d1_thumb.png',
    designerName: 'Buck',
    state: 'AZ',
    county: 'Maricopa',
    status: 'submitted',
    voteCount: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    hiding: null,
    ...overrides,
  };
}

/** Answers /api/gallery with `reply(query)`; every request's query string is recorded. */
function renderGallery(url: string, reply: (query: URLSearchParams) => GalleryReply) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const [path, search = ''] = input.split('?');
      if (path === '/api/gallery') {
        const query = new URLSearchParams(search);
        queries.push(query);
        return Promise.resolve(json(reply(query)));
      }
      return new Promise(() => {});
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
afterEach(() => vi.unstubAllGlobals());

describe('/gallery', () => {
  it('shows cards with rank badges under Most Popular, links and the No Name fallback', async () => {
    renderGallery('/gallery', () => ({
      designs: [card(), card({ id: 'd2', userId: 'u2', name: '  ', designerName: 'Doe', voteCount: 1 })],
      nextCursor: null,
    }));
    const first = (await screen.findByRole('link', { name: /Silent Ridge/ })).closest('li')!;
    expect(first).toHaveTextContent('#1');
    expect(within(first).getByRole('link', { name: /Silent Ridge/ })).toHaveAttribute('href', '/gallery/d1');
    expect(within(first).getByRole('link', { name: 'Buck' })).toHaveAttribute('href', '/gallery/user/u1');
    expect(first).toHaveTextContent('Maricopa, AZ');
    expect(first).toHaveTextContent('3 votes');
    const img = first.querySelector('img')!;
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    const second = screen.getByRole('link', { name: /No Name/ }).closest('li')!;
    expect(second).toHaveTextContent('#2');
    expect(screen.getByRole('button', { name: 'Most Popular' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('has no rank badge under Most Recent, and saves the choice in the URL and localStorage', async () => {
    const { queries, router } = renderGallery('/gallery', () => ({ designs: [card()], nextCursor: null }));
    await screen.findByRole('link', { name: /Silent Ridge/ });
    await userEvent.click(screen.getByRole('button', { name: 'Most Recent' }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('recent'));
    expect(await screen.findByRole('link', { name: /Silent Ridge/ })).not.toHaveTextContent('#1');
    expect(localStorage.getItem('gallery-sortBy')).toBe('recent');
    expect(router.state.location.search).toContain('sort=recent');
  });

  it('persists state, year and month under the spec keys and in the URL', async () => {
    const { queries, router } = renderGallery('/gallery', () => ({ designs: [card()], nextCursor: null }));
    await screen.findByRole('link', { name: /Silent Ridge/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('sort=votes&state=TX&year=2025&month=3'));
    expect(localStorage.getItem('gallery-filterRegion')).toBe('TX');
    expect(localStorage.getItem('gallery-filterYear')).toBe('2025');
    expect(localStorage.getItem('gallery-filterMonth')).toBe('3');
    expect(localStorage.getItem('gallery-sortBy')).toBe('votes');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('state')).toBe('TX');
    expect(search.get('year')).toBe('2025');
    expect(search.get('month')).toBe('3');
  });

  it('restores saved filters on a bare /gallery URL and writes them into it', async () => {
    localStorage.setItem('gallery-sortBy', 'recent');
    localStorage.setItem('gallery-filterRegion', 'TX');
    const first = renderGallery('/gallery', () => ({ designs: [card()], nextCursor: null }));
    await waitFor(() => expect(first.queries[0]?.toString()).toBe('sort=recent&state=TX'));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
    await waitFor(() => expect(first.router.state.location.search).toBe('?sort=recent&state=TX'));
  });

  it('a shared URL wins over localStorage and becomes the saved choice', async () => {
    localStorage.setItem('gallery-sortBy', 'recent');
    localStorage.setItem('gallery-filterRegion', 'TX');
    const { queries } = renderGallery('/gallery?sort=votes&state=az', () => ({
      designs: [card()],
      nextCursor: null,
    }));
    await waitFor(() => expect(queries[0]?.toString()).toBe('sort=votes&state=AZ'));
    await waitFor(() => expect(localStorage.getItem('gallery-filterRegion')).toBe('AZ'));
    expect(localStorage.getItem('gallery-sortBy')).toBe('votes');
  });

  it("shows 'No designs found for the selected criteria.' and resets the filters", async () => {
    localStorage.setItem('gallery-filterRegion', 'TX');
    const { queries } = renderGallery('/gallery?sort=recent&state=TX&year=2025', (query) =>
      query.has('state') ? { designs: [], nextCursor: null } : { designs: [card()], nextCursor: null },
    );
    expect(await screen.findByText('No designs found for the selected criteria.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('link', { name: /Silent Ridge/ })).toBeInTheDocument();
    expect(queries.at(-1)?.toString()).toBe('sort=votes');
    expect(localStorage.getItem('gallery-filterRegion')).toBeNull();
    expect(localStorage.getItem('gallery-filterYear')).toBeNull();
  });

  it('loads the next page with the cursor and keeps ranking across pages', async () => {
    const { queries } = renderGallery('/gallery', (query) =>
      query.get('cursor') === 'c2'
        ? { designs: [card({ id: 'd13', name: 'Thirteenth' })], nextCursor: null }
        : {
            designs: Array.from({ length: 12 }, (_, i) => card({ id: `d${i + 1}`, name: `Design ${i + 1}` })),
            nextCursor: 'c2',
          },
    );
    await screen.findByRole('link', { name: /Design 12/ });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const last = (await screen.findByRole('link', { name: /Thirteenth/ })).closest('li')!;
    expect(last).toHaveTextContent('#13');
    expect(queries.at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('searches on submit', async () => {
    const { queries } = renderGallery('/gallery', () => ({ designs: [card()], nextCursor: null }));
    await screen.findByRole('link', { name: /Silent Ridge/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search designs' }), ' ridge {Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('ridge'));
  });

  it('sorts by Most versatile, and badges a design that works across many places', async () => {
    const { queries } = renderGallery('/gallery', () => ({
      designs: [
        card({ versatility: { median: 74, worst: 55, places: 12, badge: true } }),
        card({
          id: 'd2',
          name: 'Flat Creek',
          versatility: { median: 60, worst: 30, places: 12, badge: false },
        }),
      ],
      nextCursor: null,
    }));
    await screen.findByRole('link', { name: /Silent Ridge/ });
    await userEvent.click(screen.getByRole('button', { name: 'Most versatile' }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('versatile'));
    expect(screen.getByRole('button', { name: 'Most versatile' })).toHaveAttribute('aria-pressed', 'true');
    const first = (await screen.findByRole('link', { name: /Silent Ridge/ })).closest('li')!;
    expect(first).toHaveTextContent('Works across 12 places');
    expect(screen.getByRole('link', { name: /Flat Creek/ }).closest('li')).not.toHaveTextContent(
      'Works across',
    );
  });

  describe('Hardest to spot', () => {
    const measured = (id: string, value: number, rounds: number) =>
      card({ id, name: id, hiding: { source: 'measured', value, rounds, calibrated: false } });
    const predicted = (id: string, value: number, calibrated = false) =>
      card({ id, name: id, hiding: { source: 'predicted', value, rounds: 0, calibrated } });

    it('before calibration, shows measured and predicted designs in two labelled groups', async () => {
      renderGallery('/gallery?sort=hiding', () => ({
        designs: [
          measured('Ridge', 7.94, 48),
          measured('Creek', 3.1, 1),
          predicted('Mesa', 78),
          card({ id: 'Dune', name: 'Dune', hiding: null }),
        ],
        nextCursor: null,
      }));
      const measuredGroup = (
        await screen.findByRole('heading', { level: 2, name: 'Measured by the game' })
      ).closest('section')!;
      const predictedGroup = screen.getByRole('heading', { level: 2, name: 'Predicted' }).closest('section')!;
      const noneGroup = screen.getByRole('heading', { level: 2, name: 'No figure yet' }).closest('section')!;
      expect(
        within(measuredGroup)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Ridge', 'Creek']);
      expect(
        within(measuredGroup)
          .getAllByTestId('card-hiding')
          .map((p) => p.textContent),
      ).toEqual(['Hides 7.9 s · from 48 rounds', 'Hides 3.1 s · from 1 round']);
      expect(within(predictedGroup).getByTestId('card-hiding')).toHaveTextContent('Hides 78 · predicted');
      expect(within(noneGroup).getByTestId('card-hiding')).toHaveTextContent('Not yet predicted');
      // The groups come in the server's order: measured, then predicted.
      expect(
        measuredGroup.compareDocumentPosition(predictedGroup) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it('says for whom and how far each figure is, its place, and what is still being measured', async () => {
      const at = (place: { from: number; to: number } | null, pending = false) => ({
        observer: 'deer' as const,
        distanceM: 25,
        pending,
        place,
      });
      renderGallery('/gallery?sort=hiding', () => ({
        designs: [
          { ...predicted('Mesa', 81), hidingAt: at({ from: 1, to: 1 }) },
          { ...predicted('Dune', 62), hidingAt: at({ from: 2, to: 3 }) },
          { ...predicted('Bluff', 61), hidingAt: at({ from: 2, to: 3 }) },
          card({ id: 'New', name: 'New', hiding: null, hidingAt: at(null, true) }),
        ],
        nextCursor: null,
        measuring: 1,
      }));
      await screen.findByRole('link', { name: /Mesa/ });
      expect(screen.getByTestId('hiding-order')).toHaveTextContent(
        'Ordered by how long the design is predicted to stay hidden from a deer at 25 m.',
      );
      expect(screen.getByTestId('measuring-notice')).toHaveTextContent(/^1 design is still being measured/);
      expect(screen.getAllByTestId('card-hiding').map((p) => p.textContent)).toEqual([
        'Hides 81 from a deer at 25 m · predicted',
        'Hides 62 from a deer at 25 m · predicted',
        'Hides 61 from a deer at 25 m · predicted',
        'measuring...',
      ]);
      expect(screen.getAllByTestId('card-place').map((p) => p.textContent)).toEqual([
        'Places 2-3: too close to tell apart',
        'Places 2-3: too close to tell apart',
      ]);
      expect(screen.getByLabelText('Place 1')).toHaveTextContent('#1');
      expect(screen.getAllByLabelText('Places 2-3: too close to tell apart')[0]).toHaveTextContent('#2-3');
    });

    it('orders for the eye chosen, remembered for every page and kept in the URL', async () => {
      window.localStorage.setItem('hiding-eye', '{"observer":"elk","distance":30}');
      const { queries } = renderGallery('/gallery?sort=hiding', () => ({
        designs: [predicted('Mesa', 81)],
        nextCursor: null,
      }));
      await screen.findByRole('link', { name: /Mesa/ });
      // A value we did not write is the default: a deer at 25 m.
      expect(queries.at(-1)?.get('observer')).toBe('deer');
      expect(queries.at(-1)?.get('distance')).toBe('25');
      const choice = within(screen.getByRole('group', { name: 'Hardest to spot for' }));
      await userEvent.click(choice.getByRole('radio', { name: 'Person' }));
      await userEvent.click(choice.getByRole('radio', { name: '10 m' }));
      await waitFor(() => expect(queries.at(-1)?.get('distance')).toBe('10'));
      expect(queries.at(-1)?.get('observer')).toBe('person');
      expect(JSON.parse(window.localStorage.getItem('hiding-eye')!)).toEqual({
        observer: 'person',
        distance: 10,
      });
    });

    it('once calibrated, is one ranking with each card labelled', async () => {
      renderGallery('/gallery?sort=hiding', () => ({
        designs: [measured('Ridge', 9.2, 30), predicted('Mesa', 8.46, true), measured('Creek', 4, 20)],
        nextCursor: null,
      }));
      await screen.findByRole('link', { name: /Mesa/ });
      expect(screen.queryByRole('heading', { name: 'Measured by the game' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Predicted' })).not.toBeInTheDocument();
      expect(screen.getAllByTestId('card-hiding').map((p) => p.textContent)).toEqual([
        'Hides 9.2 s · from 30 rounds',
        'Hides 8.5 s · predicted',
        'Hides 4.0 s · from 20 rounds',
      ]);
      const results = screen.getByRole('region', { name: 'Designs' });
      expect(
        within(results)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Ridge', 'Mesa', 'Creek']);
    });

    it('changes nothing under the other sorts', async () => {
      renderGallery('/gallery?sort=recent', () => ({
        designs: [{ ...measured('Ridge', 7.94, 48), concealmentScore: 7.9 }, predicted('Mesa', 78)],
        nextCursor: null,
      }));
      await screen.findByRole('link', { name: /Mesa/ });
      expect(screen.queryByTestId('card-hiding')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Predicted' })).not.toBeInTheDocument();
      expect(screen.getByText('Hides 7.9 s')).toBeInTheDocument();
    });
  });
});
