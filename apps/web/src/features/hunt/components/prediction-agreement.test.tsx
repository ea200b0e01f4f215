import type { Calibration } from '@camo/shared/concealment.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '@/test/concealment-fixtures';
import { PredictionAgreement } from './prediction-agreement';

function renderWith(reply: Calibration) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      input === '/api/hunt/calibration' ? Promise.resolve(jsonReply(reply)) : new Promise<Response>(() => {}),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PredictionAgreement />
    </QueryClientProvider>,
  );
}

const base: Calibration = {
  status: 'too-few-rounds',
  fittedAt: null,
  rounds: 12,
  designs: 3,
  roundsNeeded: 200,
  pairwiseAgreement: null,
  spearman: null,
  comparedDesigns: 0,
  weights: null,
  reversed: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('PredictionAgreement', () => {
  it('says how many rounds are still needed before a fit', async () => {
    renderWith(base);
    expect(
      screen.getByRole('heading', { level: 2, name: 'How well the prediction agrees with the game' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('calibration-too-few')).toHaveTextContent(
      '12 of 200 rounds needed; the predictor uses its default weights.',
    );
    expect(screen.queryByTestId('calibration-fitted')).not.toBeInTheDocument();
  });

  it("once fitted, shows the pairwise agreement, Spearman's rho, the counts and the fit's date", async () => {
    renderWith({
      ...base,
      status: 'fitted',
      fittedAt: '2026-11-20T12:00:00.000Z',
      rounds: 640,
      designs: 31,
      pairwiseAgreement: 0.8134,
      spearman: 0.7261,
      comparedDesigns: 24,
      weights: { contrast: 1 },
    });
    const figures = await screen.findByTestId('calibration-fitted');
    const value = (label: string) => within(figures).getByText(label).nextElementSibling;
    expect(value('Pairs of designs in the same order')).toHaveTextContent('81%');
    expect(value("Spearman's rho")).toHaveTextContent('0.73');
    expect(value('Designs compared')).toHaveTextContent('24');
    expect(value('Rounds used')).toHaveTextContent('640');
    expect(value('Fitted on')).toHaveTextContent('November 20, 2026');
    expect(screen.queryByTestId('calibration-too-few')).not.toBeInTheDocument();
  });

  it('says a fit that went against the literature is not used (decision 026)', async () => {
    renderWith({
      ...base,
      status: 'reversed',
      reversed: ['colourContrast', 'gabrat', 'textureDifference'],
      fittedAt: '2026-11-20T12:00:00.000Z',
      rounds: 244,
      designs: 47,
      comparedDesigns: 12,
      weights: { gabrat: -5.58 },
    });
    expect(await screen.findByTestId('calibration-reversed')).toHaveTextContent(
      'The latest fit says more colour contrast, a more visible outline (a lower GabRat) or a texture more unlike the ground would make a target harder to find, against what vision science has measured, so it is not used: the predictor keeps the weights it had. Rounds from new accounts do not count, and no player carries more than 5% of a fit.',
    );
    expect(screen.getByTestId('calibration-fitted')).toBeInTheDocument();
  });

  it('says nothing of a reversal when the fit is used', async () => {
    renderWith({ ...base, status: 'fitted', fittedAt: '2026-11-20T12:00:00.000Z', rounds: 640 });
    await screen.findByTestId('calibration-fitted');
    expect(screen.queryByTestId('calibration-reversed')).not.toBeInTheDocument();
  });
});
