import type { DesignCard } from '@camo/shared/api';
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
  ...overrides,
});

describe('thisMonthsSubmission', () => {
  const now = new Date('2026-11-22T08:00:00.000Z');

  it('finds the newest submitted design of the current (UTC) month and skips drafts', () => {
    const designs = [
      card({ id: 'draft', status: 'pending_selection', createdAt: '2026-11-21T00:00:00.000Z' }),
      card({ id: 'nov', createdAt: '2026-11-01T00:00:00.000Z' }),
      card({ id: 'oct', createdAt: '2026-10-31T23:59:59.000Z' }),
    ];
    expect(thisMonthsSubmission(designs, now)?.id).toBe('nov');
  });

  it('finds nothing when the month has no submission, or only beyond the 10 latest', () => {
    expect(thisMonthsSubmission([card({ createdAt: '2026-10-31T23:59:59.000Z' })], now)).toBeUndefined();
    const drafts = Array.from({ length: 10 }, (_, i) =>
      card({ id: `draft${i}`, status: 'pending_selection' }),
    );
    expect(thisMonthsSubmission([...drafts, card({ id: 'eleventh' })], now)).toBeUndefined();
  });
});
