import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { engineDesignDouble } from './support/engine-design.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../src/generation/openai-provider.js';
import { createProviderUsage } from '../src/generation/provider-usage.repository.js';
import type { DesignProvider, ProviderInput } from '../src/generation/provider.js';
import type { OpenAiSettings } from '../src/platform/config.js';
import type { Database } from '../src/platform/db/database.js';
import { startOpenAiStandIn, type StandIn } from './support/openai-stand-in.js';
import { forestRgb } from './support/photos.js';
import { backends, openTestDatabase } from './support/test-server.js';

/**
 * Issue 30, item 1: the day's budget under a service that fails in every way, on the real
 * provider_usage table. Error answers and requests that never left are not billed, so they give
 * their reservation back; attempts whose outcome is unknown keep it; answers are settled at their
 * actual cost; and whatever happens the recorded spend stays within the budget.
 */

/** The built-in engine's answer (the engine is tested in its package; here only the spend counts). */
const engine: DesignProvider = {
  name: 'engine double',
  generate: engineDesignDouble,
  edit: async () => ({ ok: false, reason: 'unavailable', suggestions: [] }),
  render: async () => null,
  close: async () => undefined,
};

describe.each(backends)('the AI service’s daily budget on %s', (backend) => {
  let standIn: StandIn;
  let database: Database;
  let drop: () => Promise<void>;
  let refusedUrl: string;
  let photo: ProviderInput['photo'];
  let day = 0;
  /** Each test its own day, so their budgets are apart. */
  const nextDay = () => new Date(Date.UTC(2026, 10, 1 + day++, 12));

  const input = (description: string): ProviderInput => ({
    photo,
    description,
    state: 'OR',
    county: 'Lane',
    toggles: {} as ProviderInput['toggles'],
    seed: 3,
    safetyId: 'safety-spend-test',
  });
  const provider = (at: Date, overrides: Partial<OpenAiSettings> = {}) => {
    const usage = createProviderUsage(database.db, 'openai');
    return {
      usage,
      ai: createOpenAiProvider({
        settings: {
          apiKey: 'sk-test-stand-in',
          baseUrl: standIn.url,
          model: 'gpt-4.1-mini',
          imageModel: 'gpt-image-1.5',
          timeoutMs: 5_000,
          maxRetries: 2,
          dailyBudgetUsd: 10,
          costPerImageUsd: 0.07,
          inputUsdPerMTok: 0.4,
          outputUsdPerMTok: 1.6,
          storeResponses: true,
          maxBackoffMs: 200,
          engineShareMs: 1_000,
          ...overrides,
        },
        fallback: engine,
        usage,
        log: { warn: () => undefined, info: () => undefined },
        now: () => at,
      }),
    };
  };

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    ({ database, drop } = await openTestDatabase(backend));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    photo = await forestRgb(128);
  }, 120_000);
  afterAll(async () => {
    await standIn?.close();
    await drop?.();
  });

  it('leaves the budget as it was after a day whose calls all failed with error answers', async () => {
    const at = nextDay();
    const { ai, usage } = provider(at);
    const markers = [
      'unauthorized',
      'forbidden',
      'no-model',
      'quota',
      'busy-long',
      'fail',
      'unavailable',
      'refuse',
    ];
    const notes = [];
    for (const marker of markers) notes.push((await ai.generate(input(`Firs [ai:${marker}]`), 'A')).note);
    notes.push((await provider(at, { baseUrl: refusedUrl }).ai.generate(input('Firs'), 'B')).note);
    expect(notes.every(Boolean)).toBe(true);
    const row = (await usage.day(at))!;
    // One attempt each, and two retries each of the 500, the 503 and the refused connection: every
    // attempt reserved, every one given back.
    expect(row.requests).toBe(markers.length + 1 + 3 * 2);
    expect(row.released).toBe(row.requests);
    expect([row.costMicros, row.settled]).toEqual([0, 0]);
  }, 60_000);

  it('settles an answer at its actual cost and keeps the estimate of an attempt whose outcome is unknown', async () => {
    const at = nextDay();
    const { ai, usage } = provider(at, { timeoutMs: 800, maxRetries: 0 });
    await ai.generate(input('Firs'), 'A');
    let row = (await usage.day(at))!;
    // 420 input and 1056 output tokens at $0.40 and $1.60 a million, and a medium 1024 px picture at $0.034.
    expect([row.costMicros, row.settled, row.inputTokens, row.outputTokens, row.images]).toEqual([
      Math.round(((420 * 0.4 + 1056 * 1.6) / 1e6 + 0.034) * 1e6),
      1,
      420,
      1056,
      1,
    ]);
    await ai.generate(input('Firs [ai:hang]'), 'A');
    await ai.generate(input('Firs [ai:reset]'), 'A');
    row = (await usage.day(at))!;
    expect(row.costMicros).toBe(35_858 + 2 * 70_000);
    expect([row.requests, row.released, row.settled]).toEqual([3, 0, 1]);
  }, 60_000);

  it('never records more than the budget, whatever the calls meet', async () => {
    const at = nextDay();
    const cap = 0.25;
    const { ai, usage } = provider(at, { dailyBudgetUsd: cap, timeoutMs: 800, maxRetries: 2 });
    const markers = ['', '[ai:hang]', '[ai:reset]', '[ai:fail]', '[ai:busy]', '', '[ai:quota]', '[ai:hang]'];
    const designs = await Promise.all(
      [...markers, ...markers].map((marker, i) =>
        ai.generate(input(`Firs ${i} ${marker}`), i % 2 ? 'A' : 'B'),
      ),
    );
    const row = (await usage.day(at))!;
    expect(row.costMicros).toBeLessThanOrEqual(cap * 1e6);
    expect(designs.some((d) => d.note === "The AI image service's budget for today is spent.")).toBe(true);
    // What is recorded is what was settled plus the estimates kept: nothing is counted twice.
    const kept = row.requests - row.released - row.settled;
    const settledCost =
      row.images * 34_000 + Math.round(((row.inputTokens * 0.4 + row.outputTokens * 1.6) / 1e6) * 1e6);
    expect(Math.abs(row.costMicros - kept * 70_000 - settledCost)).toBeLessThanOrEqual(row.settled);
  }, 60_000);
});
