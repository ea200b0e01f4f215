import type { VariantConcealment } from '@camo/shared/concealment.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, makePredictions } from '@/test/concealment-fixtures';
import { VariantComparison } from './variant-comparison';

/** Answers the variants route with each reply in turn (the last one repeats). */
function renderWith(replies: (() => Response | Promise<Response>)[]) {
  let call = 0;
  const fetch = vi.fn((input: string) => {
    if (input.split('?')[0] !== '/api/designs/d1/predicted-hiding/variants')
      return new Promise<Response>(() => {});
    const reply = replies[Math.min(call, replies.length - 1)]!;
    call += 1;
    return Promise.resolve(reply());
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VariantComparison designId="d1" />
    </QueryClientProvider>,
  );
  return fetch;
}

const both: VariantConcealment = {
  A: makePredictions({ deer: [80, 64, 50, null], person: [40, 30, 20, null] }),
  B: makePredictions({ deer: [70, 78, 55, null], person: [45, 30, 10, null] }),
  gaps: [
    { observer: 'deer', distanceM: 10, light: 'daylight', difference: 10, se: 2, reliable: true },
    { observer: 'deer', distanceM: 25, light: 'daylight', difference: -14, se: 3, reliable: true },
    { observer: 'deer', distanceM: 50, light: 'daylight', difference: -5, se: 2.5, reliable: false },
    { observer: 'person', distanceM: 10, light: 'daylight', difference: -5, se: 3, reliable: false },
    { observer: 'person', distanceM: 25, light: 'daylight', difference: 0.4, se: 1, reliable: false },
  ],
  calibrated: false,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The same figures at dawn or dusk (decision 034). */
const atDusk = <T extends { light: string }>(items: readonly T[]) =>
  items.map((item) => ({ ...item, light: 'twilight' as const }));

describe('VariantComparison', () => {
  it('says which of A and B hides better from a deer at 25 m when the gap is reliable, and tabulates every eye and distance', async () => {
    renderWith([() => jsonReply(both)]);
    expect(
      await screen.findByText('In your photo, B hides better from a deer at 25 m: 78 ± 2 against 64 ± 2.'),
    ).toHaveAttribute('role', 'status');
    const table = screen.getByRole('table', { name: /Predicted hiding of A and B/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Seen by', '10 m', '25 m', '50 m', '100 m']);
    const deer = within(table).getByRole('row', { name: /Deer/ });
    expect(
      within(deer)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['A 80 ± 2·B 70 ± 2', 'A 64 ± 2·B 78 ± 2', 'A 50 ± 2·B 55 ± 2', 'out of range']);
    // Only a reliable gap is bold: B at 25 m, A at 10 m; not 50 m, where B is higher by noise.
    const bold = (cell: HTMLElement) => [...cell.querySelectorAll('.font-bold')].map((b) => b.textContent);
    const cells = within(deer).getAllByRole('cell');
    expect(bold(cells[0]!)).toEqual(['A 80 ± 2']);
    expect(bold(cells[1]!)).toEqual(['B 78 ± 2']);
    expect(bold(cells[2]!)).toEqual([]);
    const person = within(table).getByRole('row', { name: /Person/ });
    expect(within(person).getAllByRole('cell')[1]).toHaveTextContent('A 30 ± 2·B 30 ± 2');
    expect(screen.getByText(/± is the uncertainty/)).toBeInTheDocument();
  });

  it('names no winner when the gap is within the uncertainty, and still shows both figures', async () => {
    renderWith([
      () =>
        jsonReply({
          ...both,
          B: makePredictions({ deer: [1, 69, 1, 1], person: [1, 1, 1, 1] }),
          gaps: [
            { observer: 'deer', distanceM: 25, light: 'daylight', difference: -5, se: 2.5, reliable: false },
          ],
        }),
    ]);
    expect(
      await screen.findByText(
        'In your photo, A and B hide about as well as each other from a deer at 25 m: 64 ± 2 and 69 ± 2. The difference is within what the measure can tell apart, or what another layout of the same pattern could make.',
      ),
    ).toBeInTheDocument();
  });

  it('says it is predicting while A or B has no prediction yet, asks again, then shows them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = renderWith([
      () => jsonReply({ A: both.A, B: [], gaps: [], calibrated: false }),
      () => jsonReply(both),
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Predicting how well each hides...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1600);
    expect(await screen.findByRole('status')).toHaveTextContent('B hides better from a deer at 25 m');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('says it is predicting before the first answer, and that it could not load on a failure', async () => {
    let fail: (r: Response) => void = () => {};
    renderWith([() => new Promise<Response>((resolve) => (fail = resolve))]);
    expect(screen.getByRole('status')).toHaveTextContent('Predicting how well each hides...');
    fail(jsonReply({ error: 'internal', message: 'boom' }, 500));
    expect(await screen.findByText('The prediction could not be loaded.')).toBeInTheDocument();
  });

  it('asks for dawn or dusk where that light is chosen, says it is coming, then compares in it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('hiding-light', 'twilight');
    const fetch = renderWith([
      () => jsonReply(both),
      () =>
        jsonReply({
          ...both,
          A: [...both.A, ...atDusk(both.A)],
          B: [...both.B, ...atDusk(both.B)],
          gaps: [...both.gaps, ...atDusk(both.gaps)],
        }),
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Predicting how well each hides at dawn or dusk...',
    );
    // Asking in that light is what has the server measure it, once (decision 034).
    expect(fetch).toHaveBeenCalledWith(
      '/api/designs/d1/predicted-hiding/variants?light=twilight',
      expect.anything(),
    );
    await vi.advanceTimersByTimeAsync(1600);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'At dawn or dusk: In your photo, B hides better from a deer at 25 m: 78 ± 2 against 64 ± 2.',
    );
    expect(screen.getByRole('radio', { name: 'Dawn or dusk' })).toBeChecked();
  });
});
