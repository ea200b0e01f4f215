import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VersatilityPanel } from './versatility-panel';

describe('VersatilityPanel', () => {
  it('says it is not yet measured', () => {
    render(<VersatilityPanel versatility={null} />);
    expect(screen.getByRole('heading', { name: 'Beyond its own photo' })).toBeInTheDocument();
    expect(screen.getByText('Not yet measured across other places.')).toBeInTheDocument();
  });

  it('shows the median and worst, and the badge when earned', () => {
    render(<VersatilityPanel versatility={{ median: 74, worst: 55, places: 12, badge: true }} />);
    expect(screen.getByText('Works across 12 places')).toBeInTheDocument();
    expect(screen.getByTestId('versatility')).toHaveTextContent(
      'Across 12 photos of other designs from its state, its predicted hiding from a person at 10 m is 74 (median) and 55 at worst.',
    );
  });

  it('says how many photos the badge still needs, or that there are none to compare with', () => {
    const { rerender } = render(
      <VersatilityPanel versatility={{ median: 80, worst: 60, places: 4, badge: false }} />,
    );
    expect(
      screen.getByText('Only 4 other photos from its state so far; the badge needs 10.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Works across/)).not.toBeInTheDocument();
    rerender(<VersatilityPanel versatility={{ median: 0, worst: 0, places: 0, badge: false }} />);
    expect(
      screen.getByText('There are no other designs from its state to compare with yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('versatility')).not.toBeInTheDocument();
  });
});
