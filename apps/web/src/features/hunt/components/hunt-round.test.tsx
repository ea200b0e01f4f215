import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Play, Reveal } from '../lib/hunt-play';
import { Round } from './hunt-round';

const ended = (design: Reveal['design']): Extract<Play, { phase: 'ended' }> => ({
  phase: 'ended',
  round: {
    roundId: 'r1',
    imageUrl: '/api/hunt/rounds/r1/image',
    width: 960,
    height: 600,
    timeLimitMs: 15_000,
  },
  imageUrl: 'blob:round',
  ending: { result: 'found', ms: 3400 },
  misses: 0,
  reveal: { box: { x: 10, y: 10, width: 50, height: 80 }, design },
});

function renderEnded(design: Reveal['design']) {
  render(
    <MemoryRouter>
      <Round play={ended(design)} setPlay={vi.fn()} onEnd={vi.fn()} onNext={vi.fn()} />
    </MemoryRouter>,
  );
}

describe('Round, once ended', () => {
  it("links a gallery design's reveal to its gallery page", () => {
    renderEnded({ id: 'd1', name: 'Silent Ridge', designerName: 'Jo' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Found in 3.4 s. The design was Silent Ridge by Jo.',
    );
    expect(screen.getByRole('link', { name: 'Silent Ridge' })).toHaveAttribute('href', '/gallery/d1');
  });

  it("links a breeding ground's design to its bred design page", () => {
    renderEnded({ id: 'b7', name: 'Generation 2 · No. 5', designerName: 'Jo', groundId: 'g1' });
    expect(screen.getByRole('link', { name: 'Generation 2 · No. 5' })).toHaveAttribute(
      'href',
      '/breeding/designs/b7',
    );
  });
});
