/**
 * Reports and moderation: the reasons a person may give and every message the pages show. Kept
 * apart from moderation.ts (the schemas) so the browser's pages import them without zod.
 */

export const reportReasons = [
  { id: 'spam', label: 'Spam or advertising' },
  { id: 'offensive', label: 'Offensive or inappropriate' },
  { id: 'harassment', label: 'Harassment or hate' },
  { id: 'stolen', label: "Someone else's work" },
  { id: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof reportReasons)[number]['id'];
export const reportReasonIds = reportReasons.map((r) => r.id) as [ReportReason, ...ReportReason[]];

export const reportTargets = ['design', 'comment'] as const;
export type ReportTarget = (typeof reportTargets)[number];

/** How a report ended, as its reporter is told. */
export const reportStatuses = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const moderationActions = [
  'hide_design',
  'restore_design',
  'hide_comment',
  'restore_comment',
  'block_user',
  'unblock_user',
  'dismiss_reports',
] as const;
export type ModerationActionKind = (typeof moderationActions)[number];

export const REPORT_DETAILS_MAX = 500;
export const MODERATION_REASON_MAX = 500;

export const moderationMessages = {
  reportSent:
    'Thanks for your report. A moderator will review it, and you will see the outcome on your profile.',
  reportFailed: 'Failed to send your report. Please try again.',
  alreadyReported: 'You have already reported this.',
  reportOwn: 'You cannot report your own content.',
  reportDetailsTooLong: `Please keep the details under ${REPORT_DETAILS_MAX} characters.`,
  reportDetailsRequired: 'Please tell us what is wrong.',
  reasonRequired: 'Please give a reason: the person concerned and the log will show it.',
  reasonTooLong: `Please keep the reason under ${MODERATION_REASON_MAX} characters.`,
  blocked:
    'Your account has been blocked by a moderator. You can still browse, but not post, vote or generate.',
  adminOnly: 'Only moderators can do this.',
  targetNotFound: 'That content no longer exists.',
  actionFailed: 'The action failed. Please try again.',
  designHiddenNotice: 'A moderator has hidden this design from the community.',
} as const;

/**
 * Settings that put moderation at risk, shown to moderators on /admin (the admin queue's reply
 * names them) and printed at the server's start (main.ts).
 */
export const adminWarnings = ['devSignInWithAdmins'] as const;
export type AdminWarning = (typeof adminWarnings)[number];

export const adminWarningMessages: Record<AdminWarning, string> = {
  devSignInWithAdmins:
    "The development sign-in is on while ADMIN_EMAILS names moderators: anyone who can reach this site can type a moderator's e-mail into the development account chooser and become a moderator. Configure Google sign-in (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or set DEV_SIGN_IN=false before anybody else can reach it.",
};

/** What a reporter reads about their report. */
export function reportOutcome(status: ReportStatus): string {
  switch (status) {
    case 'open':
      return 'Waiting for a moderator';
    case 'hidden':
      return 'A moderator reviewed it and hid the content';
    case 'dismissed':
      return 'A moderator reviewed it and left the content up';
  }
}

export function reportReasonLabel(reason: ReportReason): string {
  return reportReasons.find((r) => r.id === reason)?.label ?? reason;
}
