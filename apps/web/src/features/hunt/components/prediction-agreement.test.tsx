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
      input === '/api/predicted-hiding/calibration'
        ? Promise.resolve(jsonReply(reply))
        : new Promise<Response>(() => {}),
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
  check: null,
};

const check: NonNullable<Calibration['check']> = {
  fitted: {
    pairwiseAgreement: 0.71,
    pairwiseInterval: [0.62, 0.79],
    spearman: 0.58,
    spearmanInterval: [0.35, 0.74],
    designs: 24,
    pairs: 270,
    photos: 18,
  },
  baseline: {
    pairwiseAgreement: 0.6,
    pairwiseInterval: [0.5, 0.7],
    spearman: 0.3,
    spearmanInterval: [0.05, 0.52],
    designs: 24,
    pairs: 270,
    photos: 18,
  },
  designsNeeded: 5,
  playerSd: 0.41,
  roundSd: 0.78,
  players: 60,
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

  it('shows the check on designs of photos the fit did not see beside the mean-colour baseline, with intervals and counts (decision 029)', async () => {
    renderWith({ ...base, status: 'fitted', fittedAt: '2026-11-20T12:00:00.000Z', rounds: 640, check });
    const fitted = await screen.findByTestId('calibration-check-fitted');
    expect(fitted).toHaveTextContent('The fitted predictor');
    expect(fitted).toHaveTextContent('Pairs of designs in the same order: 71% (95% interval 62-79%)');
    expect(fitted).toHaveTextContent("Spearman's rho: 0.58 (95% interval 0.35 to 0.74)");
    expect(fitted).toHaveTextContent('24 designs, 270 pairs, 18 photos');
    const baseline = screen.getByTestId('calibration-check-baseline');
    expect(baseline).toHaveTextContent('Mean colour difference alone');
    expect(baseline).toHaveTextContent('Pairs of designs in the same order: 60% (95% interval 50-70%)');
    expect(screen.getByTestId('calibration-check')).toHaveTextContent(
      'Players differ in speed (SD 0.41 in log seconds over 60 players)',
    );
  });

  it('says a fit that does not beat the mean colour alone, or cannot be judged yet, is not used', async () => {
    renderWith({ ...base, status: 'not-better', fittedAt: '2026-11-20T12:00:00.000Z', rounds: 640, check });
    expect(await screen.findByTestId('calibration-not-better')).toHaveTextContent(
      'no better than the mean colour difference alone, so they are not used',
    );
  });

  it('says a fit with too few scored designs to judge is not used yet', async () => {
    renderWith({
      ...base,
      status: 'unchecked',
      fittedAt: '2026-11-20T12:00:00.000Z',
      rounds: 300,
      check: { ...check, fitted: { ...check.fitted, designs: 3 } },
    });
    expect(await screen.findByTestId('calibration-unchecked')).toHaveTextContent(
      '3 of 5 designs with a game score of their own needed',
    );
  });

  it('says nothing of a reversal when the fit is used', async () => {
    renderWith({ ...base, status: 'fitted', fittedAt: '2026-11-20T12:00:00.000Z', rounds: 640 });
    await screen.findByTestId('calibration-fitted');
    expect(screen.queryByTestId('calibration-reversed')).not.toBeInTheDocument();
  });
});
