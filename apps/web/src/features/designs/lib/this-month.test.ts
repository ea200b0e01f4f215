import type { DesignCard } from '@camo/shared/api.schema';
import { describe, expect, it } from 'vitest';
import { thisMonthsSubmission } from './this-month';

const card = (overrides: Partial<DesignCard>): DesignCard => ({
  id: 'd',
  userId: 'u1',
  name: 'Silent Ridge',
  imageUrl: null,
  thumbnailUrl: null,
  designerName: 'Buck',
  state: 'AZ',
  county: 'Maricopa',
  status: 'submitted',
  voteCount: 0,
  createdAt: '2026-11-10T12:00:00.000Z',
  contestMonth: '2026-11',
  hiding: null,
  ...overrides,
});

describe('thisMonthsSubmission', () => {
  const now = '2026-11';

  it("finds the newest submitted design of the open contest month (the server's) and skips drafts", () => {
    const designs = [
      card({ id: 'draft', status: 'pending_selection', contestMonth: null }),
      // Submitted on 1 December in UTC, but still November in the site's time zone.
      card({ id: 'nov', createdAt: '2026-12-01T03:00:00.000Z', contestMonth: '2026-11' }),
      card({ id: 'oct', contestMonth: '2026-10' }),
    ];
    expect(thisMonthsSubmission(designs, now)?.id).toBe('nov');
  });

  it('finds nothing when the month has no submission, or only beyond the 10 latest', () => {
    expect(thisMonthsSubmission([card({ contestMonth: '2026-10' })], now)).toBeUndefined();
    const drafts = Array.from({ length: 10 }, (_, i) =>
      card({ id: `draft${i}`, status: 'pending_selection', contestMonth: null }),
    );
    expect(
      thisMonthsSubmission([...drafts, card({ id: 'eleventh', contestMonth: now })], now),
    ).toBeUndefined();
  });
});
