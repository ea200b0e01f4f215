import { breedingMessages, type GroundPage } from '@camo/shared/breeding.schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GroundView } from './ground-view';

const ID = '7a2d0b63-0000-4000-8000-000000000002';
const ground = (overrides: Partial<GroundPage> = {}): GroundPage => ({
  id: ID,
  state: 'AZ',
  county: 'Coconino',
  description: 'Ponderosa pines over needle litter.',
  variant: 'A',
  starterName: 'Jo',
  generation: 1,
  status: 'judging',
  photoUrl: `/api/breeding/grounds/${ID}/photo`,
  width: 1280,
  height: 960,
  photoThumbUrl: `/api/breeding/grounds/${ID}/photo?size=thumb`,
  createdAt: '2026-11-20T10:00:00.000Z',
  settings: { population: 16, judges: 5, controls: 4 },
  current: [
    {
      id: 'd1',
      imageUrl: '/api/breeding/designs/d1/image',
      thumbUrl: '/api/breeding/designs/d1/image',
      kind: 'child',
      born: 1,
      label: 'Generation 1 · No. 1',
      line: 'bred',
      players: 3,
      judged: false,
      predicted: { hiding: 62, se: 3.1 },
    },
    {
      id: 'd2',
      imageUrl: '/api/breeding/designs/d2/image',
      thumbUrl: '/api/breeding/designs/d2/image',
      kind: 'control',
      born: 1,
      label: 'Generation 1 · No. 2',
      line: 'control',
      players: 7,
      judged: true,
      predicted: null,
    },
  ],
  lines: [],
  claim: { beats: false, message: breedingMessages.claimNotYet },
  agreement: { pairs: 10, agreeing: 7, low: 0.397, high: 0.892 },
  viewerHasRounds: true,
  ...overrides,
});

function renderView(page: GroundPage, signedIn = true) {
  render(
    <MemoryRouter initialEntries={[`/breeding/${ID}`]}>
      <GroundView ground={page} signedIn={signedIn} />
    </MemoryRouter>,
  );
}

describe('GroundView', () => {
  it("shows the place, where the ground is, its designs' judging and the claim, headings in order", () => {
    renderView(ground());
    expect(screen.getByRole('heading', { level: 1, name: 'Coconino, AZ' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Generation 1',
      'Bred against fresh',
      'Settings',
    ]);
    expect(screen.getByTestId('ground-status')).toHaveTextContent('Judging generation 1');
    expect(screen.getByRole('img', { name: "The ground's photo: Coconino, AZ" })).toHaveAttribute(
      'src',
      `/api/breeding/grounds/${ID}/photo`,
    );
    const tile = screen
      .getByRole('link', { name: 'Generation 1 · No. 1' })
      .closest('[data-testid="design-tile"]')!;
    expect(tile).toHaveTextContent('Bred line');
    expect(within(tile as HTMLElement).getByTestId('member-progress')).toHaveTextContent('3 of 5 players');
    expect(screen.getAllByTestId('member-progress')[1]).toHaveTextContent('5 of 5 players · judged');
    expect(screen.getByTestId('claim')).toHaveTextContent(breedingMessages.claimNotYet);
    expect(within(tile as HTMLElement).getByTestId('member-predicted')).toHaveTextContent(
      'Predicted 62 ± 3.1 / 100',
    );
    expect(screen.getAllByTestId('member-predicted')).toHaveLength(1);
    expect(screen.getByTestId('predictor-agreement')).toHaveTextContent(
      'put 7 of 10 pairs of judged designs in the game’s order: 70%, likely between 40% and 89% (95%).',
    );
  });

  it('tags the best fresh design carried from an earlier generation apart from the fresh ones', () => {
    const [bred, fresh] = ground().current;
    renderView(
      ground({ current: [bred!, fresh!, { ...fresh!, id: 'd0', born: 0, label: 'Generation 0 · No. 4' }] }),
    );
    const tagOf = (name: string) =>
      screen.getByRole('link', { name }).closest('[data-testid="design-tile"]')!.textContent;
    expect(tagOf('Generation 1 · No. 2')).toContain('Fresh (control)');
    expect(tagOf('Generation 0 · No. 4')).toContain('Best fresh, again');
  });

  it('says the predictor is compared once two designs are judged', () => {
    renderView(ground({ agreement: { pairs: 0, agreeing: 0, low: null, high: null } }));
    expect(screen.getByTestId('predictor-agreement')).toHaveTextContent(
      /compared with the game once two designs/,
    );
  });

  it('offers a signed-in player the ground, says when they have played it all, and asks a visitor to log in', () => {
    renderView(ground());
    expect(screen.getByRole('link', { name: 'Play this ground' })).toHaveAttribute(
      'href',
      `/hunt?ground=${ID}`,
    );
    cleanup();

    renderView(ground({ viewerHasRounds: false }));
    expect(screen.queryByRole('link', { name: 'Play this ground' })).toBeNull();
    expect(screen.getByTestId('ground-played-all')).toHaveTextContent(breedingMessages.noRoundsLeft);
    cleanup();

    renderView(ground({ viewerHasRounds: null }), false);
    expect(screen.queryByRole('link', { name: 'Play this ground' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/login?redirect=%2Fbreeding%2F${ID}`,
    );
  });

  it('says the first generation is being drawn while the ground starts', () => {
    renderView(ground({ status: 'starting', generation: 0, current: [] }));
    expect(screen.getByTestId('ground-status')).toHaveTextContent('Drawing the first generation');
    expect(screen.getByRole('heading', { level: 2, name: 'The first generation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Play this ground' })).toBeNull();
  });
});
