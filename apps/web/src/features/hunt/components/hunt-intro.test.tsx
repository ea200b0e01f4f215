import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewAccountRoundsNote } from './hunt-intro';

const now = Date.parse('2026-11-26T12:00:00Z');

describe('NewAccountRoundsNote', () => {
  it("tells a new player their rounds count toward designs' scores only from when the account is old enough", () => {
    const countFrom = '2026-11-27T10:00:00.000Z';
    render(<NewAccountRoundsNote countFrom={countFrom} hours={24} now={() => now} />);
    const note = screen.getByTestId('new-account-rounds-note');
    expect(note).toHaveTextContent(/^Your account is new: your rounds are on your record now/);
    expect(note).toHaveTextContent('accounts younger than a day');
    expect(note).toHaveTextContent(`from November ${new Date(countFrom).getDate()}, 2026 at`);
  });

  it('says nothing once the account is old enough, or where no age is asked', () => {
    const { container } = render(
      <>
        <NewAccountRoundsNote countFrom="2026-11-26T11:00:00.000Z" hours={24} now={() => now} />
        <NewAccountRoundsNote countFrom="2026-11-26T10:00:00.000Z" hours={0} now={() => now} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
