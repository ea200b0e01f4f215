import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  communityMessages,
  createCommentSchema,
  galleryQuerySchema,
  myVotesQuerySchema,
} from './community.schema.js';

describe('comment text', () => {
  it('is trimmed and otherwise kept as typed (no HTML escaping)', () => {
    expect(createCommentSchema.parse({ text: '  <b>a & b</b>\n' }).text).toBe('<b>a & b</b>');
    expect(createCommentSchema.parse({ text: 'line 1\nline 2' }).text).toBe('line 1\nline 2');
  });
  it('drops control characters PostgreSQL cannot store', () => {
    expect(createCommentSchema.parse({ text: 'a\u0000b' }).text).toBe('ab');
  });
  it.each(['', '   ', '\n\t ', '\u0000'])('refuses empty or whitespace-only text %j', (text) => {
    const result = createCommentSchema.safeParse({ text });
    expect(result.error?.issues[0]?.message).toBe(communityMessages.commentEmpty);
  });
  it(`allows ${COMMENT_MAX} characters and no more`, () => {
    expect(createCommentSchema.safeParse({ text: 'x'.repeat(COMMENT_MAX) }).success).toBe(true);
    const long = createCommentSchema.safeParse({ text: 'x'.repeat(COMMENT_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe(communityMessages.commentTooLong);
  });
  it('accepts only the text field', () => {
    expect(createCommentSchema.safeParse({ text: 'hi', userId: 'someone' }).success).toBe(false);
  });
});

describe('gallery query', () => {
  it('sorts by votes by default, normalises the state code, and names the default eye (issue 39)', () => {
    expect(galleryQuerySchema.parse({ state: 'tx', year: '2025', month: '4' })).toEqual({
      sort: 'votes',
      state: 'TX',
      year: 2025,
      month: 4,
      observer: 'deer',
      distance: 25,
    });
  });
  it.each([{ sort: 'random' }, { month: '13' }, { month: '0' }, { year: 'soon' }, { state: 'Texas' }])(
    'refuses %j',
    (query) => {
      expect(galleryQuerySchema.safeParse(query).success).toBe(false);
    },
  );
  it('cleans the search text', () => {
    expect(galleryQuerySchema.parse({ q: '  oak\u0000 ' }).q).toBe('oak');
  });
});

describe('my votes query', () => {
  it('splits comma-separated design ids and checks each', () => {
    const id = '0b6f1c9e-8f3e-4a5b-9c1d-2e3f4a5b6c7d';
    expect(myVotesQuerySchema.parse({ designIds: `${id},` }).designIds).toEqual([id]);
    expect(myVotesQuerySchema.safeParse({ designIds: `${id},nope` }).success).toBe(false);
  });
});
