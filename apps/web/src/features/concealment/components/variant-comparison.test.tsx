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
    if (input !== '/api/designs/d1/predicted-hiding/variants') return new Promise<Response>(() => {});
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
  calibrated: false,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VariantComparison', () => {
  it('says which of A and B hides better from a deer at 25 m, and tabulates every eye and distance', async () => {
    renderWith([() => jsonReply(both)]);
    expect(
      await screen.findByText('In your photo, B hides better from a deer at 25 m: 78 against 64.'),
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
    ).toEqual(['A 80·B 70', 'A 64·B 78', 'A 50·B 55', 'out of range']);
    const person = within(table).getByRole('row', { name: /Person/ });
    expect(within(person).getAllByRole('cell')[1]).toHaveTextContent('A 30·B 30');
  });

  it('says when A and B hide equally well', async () => {
    renderWith([
      () =>
        jsonReply({
          ...both,
          B: makePredictions({ deer: [1, 64, 1, 1], person: [1, 1, 1, 1] }),
        }),
    ]);
    expect(
      await screen.findByText('In your photo, A and B hide equally well from a deer at 25 m: 64 each.'),
    ).toBeInTheDocument();
  });

  it('says it is predicting while A or B has no prediction yet, asks again, then shows them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = renderWith([
      () => jsonReply({ A: both.A, B: [], calibrated: false }),
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
});
