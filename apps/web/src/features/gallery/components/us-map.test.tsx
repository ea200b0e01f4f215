import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { shadeLevel, UsMap } from './us-map';

const counts = new Map([
  ['AZ', 12],
  ['TX', 1],
]);

/** The map wired to a state filter, as the gallery page does. */
function Harness({ initial = '', onSelect }: { initial?: string; onSelect?: (state: string) => void }) {
  const [selected, setSelected] = useState(initial);
  return (
    <UsMap
      counts={counts}
      selected={selected}
      onSelect={(state) => {
        onSelect?.(state);
        setSelected(state);
      }}
    />
  );
}

describe('UsMap', () => {
  it('names every state with its count, including states without designs', () => {
    render(<Harness />);
    expect(screen.getByRole('toolbar', { name: 'Designs by state' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Arizona: 12 designs' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Texas: 1 design' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rhode Island: 0 designs' })).toBeInTheDocument();
  });

  it('names states without counts while they load', () => {
    render(<UsMap counts={undefined} selected="" onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: 'Arizona' })).toBeInTheDocument();
  });

  it('a click selects a state and a second click clears it', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const arizona = screen.getByRole('button', { name: 'Arizona: 12 designs' });
    await userEvent.click(arizona);
    expect(onSelect).toHaveBeenLastCalledWith('AZ');
    expect(arizona).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Texas: 1 design' }));
    expect(onSelect).toHaveBeenLastCalledWith('TX');
    expect(arizona).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Texas: 1 design' }));
    expect(onSelect).toHaveBeenLastCalledWith('');
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('is one tab stop; arrows move between states and Enter or Space picks', async () => {
    const onSelect = vi.fn();
    render(<Harness initial="AZ" onSelect={onSelect} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Arizona: 12 designs' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Arkansas: 0 designs' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('AR');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Wyoming: 0 designs' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Alabama: 0 designs' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('WY');
    const tabbable = screen.getAllByRole('button').filter((el) => el.getAttribute('tabindex') === '0');
    expect(tabbable).toHaveLength(1);
  });

  it('shades on a log scale, with states without designs apart', () => {
    expect(shadeLevel(0, 100)).toBe(0);
    expect(shadeLevel(1, 100)).toBe(1);
    expect(shadeLevel(10, 100)).toBe(2);
    expect(shadeLevel(100, 100)).toBe(4);
    expect(shadeLevel(2, 3)).toBe(2);
  });
});
