import type { GenerationLine } from '@camo/shared/breeding.schema';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreedingPlot } from './breeding-plot';

const lines: GenerationLine[] = [
  {
    generation: 1,
    bred: { medianMs: 4200, lowMs: 3000, highMs: null },
    control: { medianMs: 3900, lowMs: 2500, highMs: 6100 },
    rounds: 80,
    survivors: [],
  },
  {
    generation: 0,
    bred: { medianMs: 2100, lowMs: 1500, highMs: 3400 },
    control: null,
    rounds: 95,
    survivors: ['a', 'b'],
  },
  {
    generation: 2,
    bred: { medianMs: null, lowMs: null, highMs: null },
    control: { medianMs: 3900, lowMs: 2500, highMs: 6100 },
    rounds: 3,
    survivors: [],
  },
];

describe('BreedingPlot', () => {
  it('names the drawing and gives its figures in a table, generation by generation', () => {
    render(<BreedingPlot lines={lines} />);
    const plot = screen.getByRole('img', {
      name: 'Median seconds to find, bred designs against the best fresh design',
    });
    expect(plot).toHaveAccessibleDescription(/Orange circles on a solid line are the bred designs/);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'GenerationBred designsBest fresh designRounds',
      '02.1 s1.5 s to 3.4 snone judged yet95',
      '14.2 s3.0 s to not yet known3.9 s2.5 s to 6.1 s80',
      '2not yet known3.9 s2.5 s to 6.1 s3',
    ]);
  });

  it('draws an unknown upper bound as a bar open to the top, and nothing where nothing is known', () => {
    render(<BreedingPlot lines={lines} />);
    const open = screen.getByTestId('bar-bred-1');
    expect(open).toHaveAttribute('data-open-high', 'true');
    expect(open).toHaveAttribute('data-open-low', 'false');
    // The bar runs from the low bound (3 s) to the plot's top (15 s), with an arrow there, not a cap.
    const bar = open.querySelector('line')!;
    expect(Number(bar.getAttribute('y2'))).toBe(10);
    expect(Number(bar.getAttribute('y1'))).toBeGreaterThan(Number(bar.getAttribute('y2')));
    expect(open.querySelector('path')).not.toBeNull();
    expect(open.querySelector('circle')).not.toBeNull();

    expect(screen.getByTestId('bar-bred-0')).toHaveAttribute('data-open-high', 'false');
    expect(screen.getByTestId('bar-control-1').querySelector('rect')).not.toBeNull();
    expect(screen.queryByTestId('bar-control-0')).toBeNull();
    expect(screen.queryByTestId('bar-bred-2')).toBeNull();
  });

  it('says so when no generation has been played', () => {
    render(<BreedingPlot lines={[]} />);
    expect(screen.getByText('No generation has been played yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
