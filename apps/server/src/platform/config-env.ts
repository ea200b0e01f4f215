import { breedingDefaults } from '@camo/shared/breeding';
import { DEFAULT_GROUND_PHOTOS_PER_DAY } from '@camo/shared/ground';
import { isIP } from 'node:net';
import { DEFAULT_CONTEST_TIME_ZONE, assertTimeZone } from '@camo/shared/contest';
import { z } from 'zod';

/**
 * The environment's variables as one zod schema: each variable's type, default and check, so a
 * wrong or missing value is named when the server starts (config.ts turns it into the Config).
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
function isTimeZone(name: string): boolean {
  try {
    assertTimeZone(name);
    return true;
  } catch {
    return false;
  }
}
const optionalUrl = optionalText.pipe(z.url().optional());

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Fastify's trustProxy as a function: trust `hops` hops (the peer is hop 0), whatever their addresses. */
export type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };

/**
 * Which X-Forwarded-For hops to believe for the client address (it keys every rate limit):
 * none (`false`, the default), a hop count (`1`: one proxy in front), or the proxies' addresses
 * and CIDR ranges. `true` would believe every hop, so any client could pick its own address.
 * A hop count becomes a function: Fastify 5.12 reads a bare number as "trust nothing".
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | TrustHops | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (lower === 'true' || lower === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          '"true" would trust every hop, so any client could choose its own address for the rate limits; ' +
          'give the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses ' +
          '(e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return Object.assign((_address: string, hop: number) => hop < hops, { hops });
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses and CIDR ranges ' +
        '(e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  DEV_SIGN_IN: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * Browser tests only: each hide-and-seek round's target written to DATA_DIR/hunt-answers, so a
   * test can tap it. Honoured only with the development sign-in on (never in production).
   */
  HUNT_ANSWERS: z.enum(['true', 'false']).default('false'),
  EMAIL_LINK_ENABLED: bool.default(false),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Wear More Camo <no-reply@localhost>'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  SITE_NAME: z.string().trim().min(1).max(60).default('Wear More Camo'),
  SHOP_URL: z.url().default('https://example.com/shop'),
  SOCIAL_INSTAGRAM_URL: optionalUrl.default('https://www.instagram.com/'),
  SOCIAL_FACEBOOK_URL: optionalUrl.default('https://www.facebook.com/'),
  SOCIAL_YOUTUBE_URL: optionalUrl.default('https://www.youtube.com/'),
  SOCIAL_TIKTOK_URL: optionalUrl.default('https://www.tiktok.com/'),
  SOCIAL_X_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Pages (server-rendered, each with its reads) per address, apart from the API's budget.
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  WEB_DIST_DIR: optionalText,
  GENERATION_DAILY_QUOTA: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Ground photos (issue 28) one person may upload in 24 hours, apart from the generation quota. */
  GROUND_PHOTOS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_GROUND_PHOTOS_PER_DAY),
  // Breeding grounds (issue 44, decision 038): designs a generation, players who judge each, grounds a person starts a day.
  BREEDING_POPULATION: z.coerce.number().int().min(3).max(48).default(breedingDefaults.population),
  BREEDING_JUDGES: z.coerce.number().int().min(1).max(100).default(breedingDefaults.judges),
  BREEDING_GROUNDS_PER_DAY: z.coerce.number().int().min(1).max(1_000).default(3),
  GENERATION_SITE_DAILY_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(2_000),
  // Engine work on request (the viewers, the blend preview, a design in a ground photo; decision 025).
  ENGINE_WORK_PER_PERSON: z.coerce.number().int().min(1).max(1_000).default(3),
  ENGINE_WORK_RUNNING: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_WORK_QUEUED: z.coerce.number().int().min(0).max(10_000).default(6),
  ENGINE_WORK_CACHE_MB: z.coerce.number().int().min(1).max(4_096).default(64),
  // Holds the AI service's attempts and the engine's share (openAiTimeProblem); two fit in the job's expiry.
  GENERATION_DEADLINE_MS: z.coerce.number().int().min(1_000).max(420_000).default(400_000),
  // How long an edit request waits for its job before answering 202 (the page then follows it).
  EDIT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  FAULT_INJECTION: bool.default(false),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4.1-mini'),
  // One of the image models the pinned openai package's types list (decision 019).
  OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1.5'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(100_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(6).default(2),
  OPENAI_DAILY_BUDGET_USD: z.coerce.number().min(0).max(100_000).default(10),
  OPENAI_COST_PER_IMAGE_USD: z.coerce.number().min(0).max(10).default(0.07),
  // OPENAI_MODEL's token prices, US dollars per million (gpt-4.1-mini's by default).
  OPENAI_INPUT_USD_PER_MTOK: z.coerce.number().min(0).max(1_000).default(0.4),
  OPENAI_OUTPUT_USD_PER_MTOK: z.coerce.number().min(0).max(1_000).default(1.6),
  // false: the service keeps no responses (zero data retention), so an edit always sends the image.
  OPENAI_STORE_RESPONSES: bool.default(true),
  GALLERY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of e-mail addresses'))),
  CONTEST_TIME_ZONE: z
    .string()
    .default(DEFAULT_CONTEST_TIME_ZONE)
    .refine(isTimeZone, 'must be an IANA time zone name, such as America/Phoenix'),
  CONTEST_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
});

export type Env = z.infer<typeof envSchema>;
