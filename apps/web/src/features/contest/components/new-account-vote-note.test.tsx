import type { PrivateProfile } from '@camo/shared/api.schema';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewAccountVoteNote } from './new-account-vote-note';

const now = Date.parse('2026-11-26T12:00:00Z');

function member(createdAt: string, minAccountAgeHours: number): PrivateProfile {
  return {
    id: 'u1',
    displayName: 'New Member',
    image: null,
    createdAt,
    email: 'new@example.com',
    phoneNumber: '',
    zipCode: '',
    allowPromo: false,
    lastSignIn: null,
    blocked: false,
    moderator: false,
    contestVotes: {
      minAccountAgeHours,
      countFrom: new Date(Date.parse(createdAt) + minAccountAgeHours * 3_600_000).toISOString(),
    },
  };
}

describe('NewAccountVoteNote', () => {
  it('tells a new member, in the configured hours, that a vote now counts in the gallery only, and from when it counts', () => {
    const me = member('2026-11-26T10:00:00Z', 48);
    render(<NewAccountVoteNote me={me} now={() => now} />);
    const note = screen.getByText(/^Your account is new/);
    expect(note).toHaveTextContent('counts in the gallery but never in the monthly contest');
    expect(note).toHaveTextContent('accounts younger than 48 hours');
    const from = new Date(me.contestVotes.countFrom);
    expect(note).toHaveTextContent(`from November ${from.getDate()}, 2026 at`);
  });

  it('says "a day" for the default rule', () => {
    render(<NewAccountVoteNote me={member('2026-11-26T10:00:00Z', 24)} now={() => now} />);
    expect(screen.getByText(/^Your account is new/)).toHaveTextContent('accounts younger than a day');
  });

  it('says nothing once the account is old enough, or when every vote counts', () => {
    const { container } = render(
      <>
        <NewAccountVoteNote me={member('2026-11-20T10:00:00Z', 24)} now={() => now} />
        <NewAccountVoteNote me={member('2026-11-26T11:59:00Z', 0)} now={() => now} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
