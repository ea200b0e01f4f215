import { z } from './zod.js';
import { cleanText } from './text-clean.js';
import {
  adminWarnings,
  MODERATION_REASON_MAX,
  moderationActions,
  moderationMessages,
  REPORT_DETAILS_MAX,
  reportReasonIds,
  reportStatuses,
  reportTargets,
} from './moderation.js';

/**
 * Reports and moderation: the requests and replies of /api/reports and /api/admin. Messages and
 * reasons are in moderation.ts.
 */
export * from './moderation.js';

export const createReportSchema = z
  .object({
    targetType: z.enum(reportTargets),
    targetId: z.uuid('Not a valid id.'),
    reason: z.enum(reportReasonIds, 'Please choose a reason.'),
    details: z
      .string()
      .default('')
      .transform(cleanText)
      .pipe(z.string().max(REPORT_DETAILS_MAX, moderationMessages.reportDetailsTooLong)),
  })
  .strict()
  .refine((report) => report.reason !== 'other' || report.details.length > 0, {
    message: moderationMessages.reportDetailsRequired,
    path: ['details'],
  });
export type CreateReport = z.input<typeof createReportSchema>;

/** A report as its reporter sees it, with the outcome. */
export const myReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargets),
  targetId: z.string(),
  designId: z.string(),
  /** The design's name, or the first words of the comment, when the content still exists. */
  targetLabel: z.string(),
  reason: z.enum(reportReasonIds),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportListSchema = z.object({ reports: z.array(myReportSchema) });
export type MyReportList = z.infer<typeof myReportListSchema>;

/** Every admin action names its reason: the log and the person concerned see it. */
export const moderationReasonSchema = z
  .object({
    reason: z
      .string()
      .transform(cleanText)
      .pipe(
        z
          .string()
          .min(1, moderationMessages.reasonRequired)
          .max(MODERATION_REASON_MAX, moderationMessages.reasonTooLong),
      ),
  })
  .strict();

export const dismissReportsSchema = moderationReasonSchema.extend({
  targetType: z.enum(reportTargets),
  targetId: z.uuid('Not a valid id.'),
});

/** One reported item in the admin queue: the content, its author and every open report on it. */
export const queueItemSchema = z.object({
  targetType: z.enum(reportTargets),
  targetId: z.string(),
  designId: z.string(),
  /** The design's name or the comment's text. */
  text: z.string(),
  imageUrl: z.string().nullable(),
  hidden: z.boolean(),
  author: z.object({ id: z.string(), displayName: z.string().nullable(), blocked: z.boolean() }),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(reportReasonIds),
      details: z.string(),
      reporterName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  firstReportedAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const queueSchema = z.object({
  items: z.array(queueItemSchema),
  /** Settings that put moderation at risk (moderation.ts words them), empty when none. */
  warnings: z.array(z.enum(adminWarnings)),
});
export type Queue = z.infer<typeof queueSchema>;

export const moderationActionSchema = z.object({
  id: z.string(),
  action: z.enum(moderationActions),
  targetType: z.enum(['design', 'comment', 'user']),
  targetId: z.string(),
  reason: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;
export const moderationLogSchema = z.object({ actions: z.array(moderationActionSchema) });
export type ModerationLog = z.infer<typeof moderationLogSchema>;

export const blockedUserSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  blockedAt: z.string(),
  reason: z.string(),
});
export const blockedUserListSchema = z.object({ users: z.array(blockedUserSchema) });
export type BlockedUserList = z.infer<typeof blockedUserListSchema>;
