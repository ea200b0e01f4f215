import { describe, expect, it } from 'vitest';
import { adminWarningsOf, ConfigError, loadConfig, openAiTimeProblem } from './config.js';

const base = { DATA_DIR: '/tmp/camo-config-test', AUTH_SECRET: 'x'.repeat(32) };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.devSignIn).toBe(true);
    expect(config.emailLinkEnabled).toBe(false);
    expect(config.s3).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  it('follows the port in the default public URL', () => {
    expect(loadConfig({ ...base, PORT: '4123' }).publicUrl.origin).toBe('http://localhost:4123');
  });

  it('names the variable that is wrong', () => {
    expect(problemsOf({ ...base, PORT: 'abc' })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ ...base, DATABASE_URL: 'not a url' })[0]).toMatch(/^DATABASE_URL:/);
    expect(problemsOf({ ...base, AUTH_SECRET: 'short' })[0]).toMatch(/^AUTH_SECRET:/);
    expect(problemsOf({ ...base, GOOGLE_CLIENT_ID: 'id' })[0]).toMatch(/GOOGLE_CLIENT_SECRET/);
  });

  it('turns the development sign-in off when Google is configured or the site is public', () => {
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).devSignIn).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://camo.example.com' }).devSignIn).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:3000' }).devSignIn).toBe(true);
  });

  it('warns of the development sign-in only together with ADMIN_EMAILS', () => {
    const admins = { ADMIN_EMAILS: 'mod@example.com' };
    expect(adminWarningsOf(loadConfig({ ...base, ...admins }))).toEqual(['devSignInWithAdmins']);
    expect(adminWarningsOf(loadConfig(base))).toEqual([]);
    expect(adminWarningsOf(loadConfig({ ...base, ...admins, DEV_SIGN_IN: 'false' }))).toEqual([]);
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' };
    expect(adminWarningsOf(loadConfig({ ...base, ...admins, ...google }))).toEqual([]);
  });

  it('keeps the development sign-in off when the server listens beyond loopback', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).devSignIn).toBe(false);
    expect(loadConfig({ ...base, HOST: '::' }).devSignIn).toBe(false);
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).devSignIn).toBe(true);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEV_SIGN_IN: 'true' }).devSignIn).toBe(true);
  });

  it('writes hide-and-seek answers out only for tests on the development sign-in, never in production', () => {
    expect(loadConfig({ ...base, HUNT_ANSWERS: 'true' }).huntAnswersDir).toMatch(/hunt-answers$/);
    expect(loadConfig({ ...base }).huntAnswersDir).toBeNull();
    expect(loadConfig({ ...base, HOST: '0.0.0.0', HUNT_ANSWERS: 'true' }).huntAnswersDir).toBeNull();
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: '/tmp/x', HUNT_ANSWERS: 'true' });
    expect(problems.join('\n')).toMatch(/HUNT_ANSWERS/);
  });

  it('accepts only web URLs for the public address and postgres URLs for the database', () => {
    expect(problemsOf({ ...base, PUBLIC_URL: 'ftp://camo.example.com' })[0]).toMatch(/^PUBLIC_URL:/);
    expect(problemsOf({ ...base, PUBLIC_URL: 'mailto:a@b.c' })[0]).toMatch(/^PUBLIC_URL:/);
    expect(problemsOf({ ...base, DATABASE_URL: 'mysql://localhost/db' })[0]).toMatch(/^DATABASE_URL:/);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).databaseUrl).toBeDefined();
  });

  it('never allows the development sign-in in production, and demands what production needs', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: '/tmp/x', DEV_SIGN_IN: 'true' });
    expect(problems.join('\n')).toMatch(/DEV_SIGN_IN/);
    expect(problems.join('\n')).toMatch(/GOOGLE_CLIENT_ID/);
    expect(problems.join('\n')).toMatch(/AUTH_SECRET/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL/);
    const plainHttp = problemsOf({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://camo.example.com',
      AUTH_SECRET: 'y'.repeat(40),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(plainHttp).toEqual(['PUBLIC_URL: must be https in production']);
    const ok = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://camo.example.com',
      AUTH_SECRET: 'y'.repeat(40),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(ok.devSignIn).toBe(false);
    expect(ok.isProduction).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count (as a function: Fastify reads a bare number as "trust nothing")', () => {
    const one = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy;
    const two = loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy;
    if (typeof one !== 'function' || typeof two !== 'function') throw new Error('expected hop counts');
    expect([one.hops, two.hops]).toEqual([1, 2]);
    // Hop 0 is the peer (the proxy); with one proxy the next hop is the client, not trusted.
    expect([one('10.0.0.5', 0), one('203.0.113.7', 1)]).toEqual([true, false]);
    expect([two('10.0.0.5', 0), two('10.0.0.6', 1), two('203.0.113.7', 2)]).toEqual([true, true, false]);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses true (every hop trusted: any client could pick its address) and says what to use', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      const [problem] = problemsOf({ ...base, TRUST_PROXY: value });
      expect(problem).toMatch(/^TRUST_PROXY:/);
      expect(problem).toMatch(/TRUST_PROXY=1/);
      expect(problem).toMatch(/10\.0\.0\.0\/8/);
    }
  });

  it('refuses what is neither a count nor addresses', () => {
    for (const value of ['proxy', '10.0.0.0/33', '1.2.3', '-1', '1.5', '10.0.0.1,']) {
      expect(problemsOf({ ...base, TRUST_PROXY: value })[0], value).toMatch(/^TRUST_PROXY:/);
    }
  });
});

describe('the AI image service inside the design deadline', () => {
  const ai = { ...base, OPENAI_API_KEY: 'sk-test' };

  it('fits the defaults: three attempts, two waits and the engine’s share within GENERATION_DEADLINE_MS', () => {
    const config = loadConfig(ai);
    const openai = config.openai!;
    const worst =
      (openai.maxRetries + 1) * openai.timeoutMs +
      openai.maxRetries * openai.maxBackoffMs +
      openai.engineShareMs;
    expect(worst).toBeLessThanOrEqual(config.generationDeadlineMs);
    expect(openai.imageModel).toBe('gpt-image-1.5');
  });

  it('stops the start when the attempts cannot fit, naming the three settings and the sum', () => {
    const problems = problemsOf({ ...ai, OPENAI_TIMEOUT_MS: '600000', OPENAI_MAX_RETRIES: '6' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES and GENERATION_DEADLINE_MS:/);
    expect(problems[0]).toContain('7 attempt(s) of OPENAI_TIMEOUT_MS=600000 ms');
    expect(problems[0]).toContain('4278000 ms, more than GENERATION_DEADLINE_MS=400000');
    // One attempt too many at the old defaults (3 x 120 s, 2 x 8 s, 30 s = 406 s > 400 s).
    expect(problemsOf({ ...ai, OPENAI_TIMEOUT_MS: '120000' })[0]).toMatch(/406000 ms/);
    expect(problemsOf({ ...ai, OPENAI_TIMEOUT_MS: '120000', GENERATION_DEADLINE_MS: '420000' })).toEqual([]);
  });

  it('leaves the deadline alone when no image service is configured', () => {
    expect(problemsOf({ ...base, OPENAI_TIMEOUT_MS: '600000', OPENAI_MAX_RETRIES: '6' })).toEqual([]);
    expect(
      openAiTimeProblem({ OPENAI_TIMEOUT_MS: 1_000, OPENAI_MAX_RETRIES: 0, GENERATION_DEADLINE_MS: 31_000 }),
    ).toBeNull();
  });

  it('reads the token prices and whether responses are stored', () => {
    const openai = loadConfig({
      ...ai,
      OPENAI_INPUT_USD_PER_MTOK: '2',
      OPENAI_OUTPUT_USD_PER_MTOK: '8',
      OPENAI_STORE_RESPONSES: 'false',
    }).openai!;
    expect([openai.inputUsdPerMTok, openai.outputUsdPerMTok, openai.storeResponses]).toEqual([2, 8, false]);
    expect(loadConfig(ai).openai!.storeResponses).toBe(true);
  });
});
