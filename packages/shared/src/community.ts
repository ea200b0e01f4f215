/**
 * The messages and limits of votes, comments and the gallery, without the schemas (community.ts):
 * what a page shows needs no zod.
 */

/** The longest comment; the form shows a counter against it. */
export const COMMENT_MAX = 1000;

export const communityMessages = {
  ownDesignVote: 'You cannot vote on your own design.',
  commentEmpty: 'Please write a comment before posting.',
  commentTooLong: `A comment can be at most ${COMMENT_MAX} characters.`,
  commentNotFound: 'Comment not found.',
  badCursor: 'This gallery page link is no longer valid. Please reload the gallery.',
  // §8, shown by the web app when a request fails
  postFailed: 'Failed to post comment.',
  deleteFailed: 'Failed to delete comment.',
  deleteConfirm: 'Are you sure you want to delete this comment?',
  noDesigns: 'No designs found for the selected criteria.',
} as const;

export const gallerySorts = ['votes', 'recent', 'hiding', 'versatile'] as const;
export type GallerySort = (typeof gallerySorts)[number];

export const GALLERY_SEARCH_MAX = 100;
