import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LocationFields } from './location-fields';

describe('LocationFields', () => {
  it('says so when the typed text matches no state, instead of showing nothing', async () => {
    const user = userEvent.setup();
    render(<LocationFields state={null} county="" onStateChange={vi.fn()} onCountyChange={vi.fn()} />);
    await user.type(screen.getAllByRole('combobox')[0]!, 'zz');
    expect(await screen.findByText('No state matches that.')).toBeInTheDocument();
    await user.clear(screen.getAllByRole('combobox')[0]!);
    await user.type(screen.getAllByRole('combobox')[0]!, 'ariz');
    expect(await screen.findByRole('option', { name: /Arizona/ })).toBeInTheDocument();
  });
});
