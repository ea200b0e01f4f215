import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** People: better-auth's tables (`users` with the specification's profile fields, `sessions`,
 * `accounts`, `verifications`), the member count, and the development sign-in provider's accounts and state. */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  displayName: text('display_name').notNull().default(''),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  lastSignIn: timestamp('last_sign_in', { withTimezone: true, mode: 'date' }),
  phoneNumber: text('phone_number').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  allowPromo: boolean('allow_promo').notNull().default(false),
  /** Set by a moderator (moderation/): a blocked user may read but not post, vote or generate. */
  blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
  blockedReason: text('blocked_reason'),
  /**
   * When the person agreed to the Terms of Service and Privacy Policy: at sign-up, the only way an
   * account is made (issue 40; null for accounts from before the terms were recorded).
   */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
});

/** A person's id as another table holds it: their rows go when they do. */
export const personRef = (column: string) =>
  text(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: personRef('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per (issuer, subject): users are identified by their provider account, not e-mail. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: personRef('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_provider_subject_idx').on(t.providerId, t.accountId),
    index('accounts_user_idx').on(t.userId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** spec §3 user-count/total: counts new accounts (members), never sign-ins. */
export const memberCount = pgTable('member_count', {
  id: text('id').primaryKey(),
  count: integer('count').notNull().default(0),
});

/** Test accounts of the built-in development sign-in provider (never used in production). */
export const devAccounts = pgTable('dev_accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  avatarUrl: text('avatar_url'),
  createdAt: createdAt(),
});

/** The development sign-in provider's state (sessions, codes, grants), shared by every API process. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);
