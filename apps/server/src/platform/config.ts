import type { AdminWarning } from '@camo/shared/moderation';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromRepoRoot, serverPaths } from './paths.js';
import { envSchema, type Env, type TrustHops } from './config-env.js';

/**
 * All configuration, read once at start-up through one schema. A wrong or missing value
 * stops the server with a message naming the variable (see `ConfigError`).
 */

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** An OpenAI-compatible image service for the designs (generation/openai-provider.ts). */
export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible endpoint; the SDK's default (api.openai.com) when unset. */
  baseUrl?: string;
  /** The model that runs the Responses API call and its image_generation tool. */
  model: string;
  imageModel: string;
  /** Deadline of one attempt. */
  timeoutMs: number;
  /** Further attempts after a transient failure (timeouts, 429, 5xx), with capped backoff. */
  maxRetries: number;
  /** Spend at most this much a day (UTC) across all workers; the engine draws after that. */
  dailyBudgetUsd: number;
  /** What one attempt is estimated to cost, reserved against the budget before it is made. */
  costPerImageUsd: number;
  /** `model`'s token prices (US dollars per million), for the actual cost of an answer. */
  inputUsdPerMTok: number;
  outputUsdPerMTok: number;
  /** False: the service stores no responses (zero data retention); edits send the image itself. */
  storeResponses: boolean;
  /** The longest wait between attempts (exponential backoff with jitter, 0.5 s doubling). */
  maxBackoffMs: number;
  /** The time kept for the built-in engine to draw a design when the service's attempts end. */
  engineShareMs: number;
}

/** The longest wait between two attempts at the image service. */
export const OPENAI_MAX_BACKOFF_MS = 8_000;
/** The built-in engine's share of a design's deadline (it draws a design in a few seconds). */
export const ENGINE_SHARE_MS = 30_000;

/**
 * Why the image service's settings cannot fit a design's deadline, or null: every attempt's
 * timeout, the longest wait before each retry and the engine's share must fit in
 * GENERATION_DEADLINE_MS, so that the engine can still draw the design when the service fails.
 */
export function openAiTimeProblem(e: {
  OPENAI_TIMEOUT_MS: number;
  OPENAI_MAX_RETRIES: number;
  GENERATION_DEADLINE_MS: number;
}): string | null {
  const attempts = e.OPENAI_MAX_RETRIES + 1;
  const worst =
    attempts * e.OPENAI_TIMEOUT_MS + e.OPENAI_MAX_RETRIES * OPENAI_MAX_BACKOFF_MS + ENGINE_SHARE_MS;
  if (worst <= e.GENERATION_DEADLINE_MS) return null;
  return (
    `OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES and GENERATION_DEADLINE_MS: ${attempts} attempt(s) of ` +
    `OPENAI_TIMEOUT_MS=${e.OPENAI_TIMEOUT_MS} ms, ${e.OPENAI_MAX_RETRIES} wait(s) of up to ` +
    `${OPENAI_MAX_BACKOFF_MS} ms between them and the built-in engine's ${ENGINE_SHARE_MS} ms come to ` +
    `${worst} ms, more than GENERATION_DEADLINE_MS=${e.GENERATION_DEADLINE_MS}; lower OPENAI_TIMEOUT_MS ` +
    'or OPENAI_MAX_RETRIES, or raise GENERATION_DEADLINE_MS (at most 420000)'
  );
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  google: { clientId: string; clientSecret: string } | undefined;
  devSignIn: boolean;
  /** Where each round's target is written for browser tests (HUNT_ANSWERS), or null. */
  huntAnswersDir: string | null;
  emailLinkEnabled: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  siteName: string;
  shopUrl: string;
  social: {
    instagram: string | null;
    facebook: string | null;
    youtube: string | null;
    tiktok: string | null;
    x: string | null;
  };
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count (as a function), or proxy addresses/CIDR ranges (never `true`). */
  trustProxy: false | TrustHops | string[];
  /** Sign-in attempts per client IP and minute. */
  authRateLimitPerMinute: number;
  /** API requests per client address and minute. */
  apiRateLimitPerMinute: number;
  /** Web app pages per client address and minute, counted apart from the API. */
  pageRateLimitPerMinute: number;
  /** How long a gallery page is served from memory before asking the database again; 0 turns it off. */
  galleryCacheMs: number;
  /** Moderators: signed-in people with a verified e-mail address in this list (lower case). */
  adminEmails: string[];
  /** The contest's calendar and its anti-brigading rule (contest/contest.service.ts). */
  contest: { timeZone: string; minAccountAgeHours: number };
  webDistDir: string;
  /** Generations per user and 24 hours (quality rule 8). */
  generationDailyQuota: number;
  /** Ground photos per person and 24 hours (issue 28). */
  groundPhotosPerDay: number;
  /** Generations by everyone together in 24 hours (quality rule 8's global quota). */
  generationSiteDailyQuota: number;
  /** Breeding grounds (decision 038): a generation's designs and judges, and grounds a person may start in 24 hours. */
  breeding: { population: number; judges: number; perDay: number };
  /**
   * Engine work on request per process (platform/engine-work.ts): per person running or waiting,
   * running at once (unset: the engine's threads), waiting in all, and the memory kept of results.
   */
  engineWork: { perPerson: number; running: number | null; queued: number; cacheBytes: number };
  /** Generation jobs one process runs at once. */
  workerConcurrency: number;
  /** How long one design may take before the pipeline gives up on it (generation.service.ts). */
  generationDeadlineMs: number;
  /** How long an edit request waits for its `edit-design` job before answering 202. */
  editWaitMs: number;
  /** Test-only fault markers in descriptions (generation/fault-injection.ts); never in production. */
  faultInjection: boolean;
  /** An OpenAI-compatible image service for the designs (generation/openai-provider.ts); off when unset. */
  openai: OpenAiSettings | null;
}

/**
 * Settings that put moderation at risk: the development sign-in lets anybody choose any e-mail,
 * so with ADMIN_EMAILS set anybody can become a moderator. Printed at start (main.ts) and shown
 * on /admin (the admin queue's reply).
 */
export function adminWarningsOf(config: Pick<Config, 'devSignIn' | 'adminEmails'>): AdminWarning[] {
  return config.devSignIn && config.adminEmails.length > 0 ? ['devSignInWithAdmins'] : [];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * A development secret is kept in the data directory so sessions survive restarts without
 * anybody having to invent one; production must set AUTH_SECRET.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: created below
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const dataDir = fromRepoRoot(e.DATA_DIR);

  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;

  let devSignIn = false;
  if (e.DEV_SIGN_IN === 'true') devSignIn = true;
  // 'auto' turns the development sign-in on only where nobody else can reach it: no Google,
  // a loopback public URL, and a loopback listening address (HOST=0.0.0.0 would let anyone on
  // the network sign in as any test account).
  if (e.DEV_SIGN_IN === 'auto') devSignIn = !google && isLoopbackUrl(publicUrl) && isLoopbackHost(e.HOST);
  if (isProduction && e.HUNT_ANSWERS === 'true')
    problems.push("HUNT_ANSWERS: a round's target cannot be written out in production");
  if (isProduction) {
    if (e.DEV_SIGN_IN === 'true')
      problems.push('DEV_SIGN_IN: the development sign-in cannot be enabled in production');
    devSignIn = false;
    if (!google)
      problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: required in production (Google sign-in)');
    if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required in production (at least 32 random characters)');
    if (e.EMAIL_LINK_ENABLED && !e.SMTP_URL)
      problems.push('SMTP_URL: required in production when EMAIL_LINK_ENABLED is on');
    if (e.PUBLIC_URL && publicUrl.protocol !== 'https:')
      problems.push('PUBLIC_URL: must be https in production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address people use)');
    if (e.FAULT_INJECTION) problems.push('FAULT_INJECTION: a test setting, refused in production');
  }
  if (e.S3_BUCKET && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.OPENAI_API_KEY) {
    const timeProblem = openAiTimeProblem(e);
    if (timeProblem) problems.push(timeProblem);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    google,
    devSignIn,
    huntAnswersDir: devSignIn && e.HUNT_ANSWERS === 'true' ? path.join(dataDir, 'hunt-answers') : null,
    emailLinkEnabled: e.EMAIL_LINK_ENABLED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    siteName: e.SITE_NAME,
    shopUrl: e.SHOP_URL,
    social: {
      instagram: e.SOCIAL_INSTAGRAM_URL ?? null,
      facebook: e.SOCIAL_FACEBOOK_URL ?? null,
      youtube: e.SOCIAL_YOUTUBE_URL ?? null,
      tiktok: e.SOCIAL_TIKTOK_URL ?? null,
      x: e.SOCIAL_X_URL ?? null,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    pageRateLimitPerMinute: e.PAGE_RATE_LIMIT_PER_MINUTE,
    webDistDir: e.WEB_DIST_DIR ? fromRepoRoot(e.WEB_DIST_DIR) : serverPaths.webDist,
    generationDailyQuota: e.GENERATION_DAILY_QUOTA,
    groundPhotosPerDay: e.GROUND_PHOTOS_PER_DAY,
    generationSiteDailyQuota: e.GENERATION_SITE_DAILY_QUOTA,
    breeding: {
      population: e.BREEDING_POPULATION,
      judges: e.BREEDING_JUDGES,
      perDay: e.BREEDING_GROUNDS_PER_DAY,
    },
    engineWork: {
      perPerson: e.ENGINE_WORK_PER_PERSON,
      running: e.ENGINE_WORK_RUNNING ?? null,
      queued: e.ENGINE_WORK_QUEUED,
      cacheBytes: e.ENGINE_WORK_CACHE_MB * 1024 * 1024,
    },
    workerConcurrency: e.WORKER_CONCURRENCY,
    faultInjection: e.FAULT_INJECTION,
    generationDeadlineMs: e.GENERATION_DEADLINE_MS,
    editWaitMs: e.EDIT_WAIT_MS,
    openai: e.OPENAI_API_KEY
      ? {
          apiKey: e.OPENAI_API_KEY,
          baseUrl: e.OPENAI_BASE_URL,
          model: e.OPENAI_MODEL,
          imageModel: e.OPENAI_IMAGE_MODEL,
          timeoutMs: e.OPENAI_TIMEOUT_MS,
          maxRetries: e.OPENAI_MAX_RETRIES,
          dailyBudgetUsd: e.OPENAI_DAILY_BUDGET_USD,
          costPerImageUsd: e.OPENAI_COST_PER_IMAGE_USD,
          inputUsdPerMTok: e.OPENAI_INPUT_USD_PER_MTOK,
          outputUsdPerMTok: e.OPENAI_OUTPUT_USD_PER_MTOK,
          storeResponses: e.OPENAI_STORE_RESPONSES,
          maxBackoffMs: OPENAI_MAX_BACKOFF_MS,
          engineShareMs: ENGINE_SHARE_MS,
        }
      : null,
    galleryCacheMs: e.GALLERY_CACHE_MS,
    adminEmails: e.ADMIN_EMAILS,
    contest: { timeZone: e.CONTEST_TIME_ZONE, minAccountAgeHours: e.CONTEST_MIN_ACCOUNT_AGE_HOURS },
  };
}
