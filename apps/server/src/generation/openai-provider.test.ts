import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { engineDesignDouble } from '../../test/support/engine-design.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiStandIn, type StandIn } from '../../test/support/openai-stand-in.js';
import { forestRgb } from '../../test/support/photos.js';
import { checkTile, type TileCheck } from '../engine/flat-colours.js';
import type { OpenAiSettings } from '../platform/config.js';
import { MAX_RESULT_BASE64_CHARS } from './openai-answers.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { ActualCost, ProviderUsage, Reservation } from './provider-usage.repository.js';
import { deadlineAfter, type DesignProvider, type EditSubject, type ProviderInput } from './provider.js';

/** What the built-in engine would answer (the engine itself is tested in its package). */
function engineDouble(): DesignProvider & { edits: number; generated: number } {
  const double = {
    name: 'engine double',
    edits: 0,
    generated: 0,
    async generate() {
      double.generated++;
      return engineDesignDouble();
    },
    async edit() {
      double.edits++;
      return {
        ok: true as const,
        png: Buffer.from('edited'),
        recipe: { edited: true },
        summary: 'engine edit',
        note: null,
      };
    },
    render: async () => null,
    close: async () => undefined,
  };
  return double;
}

/** The budget as the provider uses it, with every reservation's fate written down. */
function ledger() {
  const book = {
    budgetLeft: true,
    reserved: 0,
    released: 0,
    settled: [] as ActualCost[],
    usage: {
      reserve: async (costMicros: number): Promise<Reservation | null> => {
        if (!book.budgetLeft) return null;
        book.reserved++;
        return { day: '2026-11-26', costMicros };
      },
      release: async () => {
        book.released++;
      },
      settle: async (_: Reservation, actual: ActualCost) => {
        book.settled.push(actual);
      },
    } satisfies Pick<ProviderUsage, 'reserve' | 'release' | 'settle'>,
    /** Reservations neither given back nor settled: attempts whose outcome is unknown. */
    kept: () => book.reserved - book.released - book.settled.length,
  };
  return book;
}

/** A real photo (the engine's forest fixture), as the pipeline hands it over: raw RGB. */
let photo: ProviderInput['photo'];
const input = (description: string): ProviderInput => ({
  photo,
  description,
  state: 'TX',
  county: 'Travis',
  toggles: { blobs: true } as ProviderInput['toggles'],
  seed: 1,
  safetyId: 'safety-0123456789abcdef',
});

describe('the OpenAI-compatible provider against the stand-in', () => {
  let standIn: StandIn;
  let book: ReturnType<typeof ledger>;
  let tiles: number;
  const settings = (overrides: Partial<OpenAiSettings> = {}): OpenAiSettings => ({
    apiKey: 'sk-test-stand-in',
    baseUrl: standIn.url,
    model: 'gpt-4.1-mini',
    imageModel: 'gpt-image-1.5',
    timeoutMs: 10_000,
    maxRetries: 1,
    dailyBudgetUsd: 10,
    costPerImageUsd: 0.07,
    inputUsdPerMTok: 0.4,
    outputUsdPerMTok: 1.6,
    storeResponses: true,
    maxBackoffMs: 8_000,
    engineShareMs: 1_000,
    ...overrides,
  });
  const provider = (overrides: Partial<OpenAiSettings> = {}, fallback = engineDouble()) =>
    createOpenAiProvider({
      settings: settings(overrides),
      fallback,
      usage: book.usage,
      log: { warn: () => undefined, info: () => undefined },
      flatTile: async (image): Promise<{ png: Uint8Array; check: TileCheck }> => {
        tiles++;
        const { toFlatTile } = await import('../engine/flat-colours.js');
        const png = await toFlatTile(image);
        return { png, check: await checkTile(png) };
      },
    });

  beforeAll(async () => {
    photo = await forestRgb(256);
    standIn = await startOpenAiStandIn({ slowMs: 3_000 });
  });
  afterAll(async () => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.invalid.length = 0;
    standIn.mode = 'normal';
    book = ledger();
    tiles = 0;
  });

  it('sends the photo and a prompt from the description, place and toggles, and makes the answer a flat seamless tile', async () => {
    const design = await provider().generate(input('Live oak savanna with dry grass'), 'A');
    expect(design.note, design.note ?? '').toBeNull();
    expect(design.responseId).toMatch(/^resp_/);
    expect(design.recipe).toBeNull();
    const check = await checkTile(design.png);
    expect(check.ok, check.problems.join('; ')).toBe(true);
    expect(check.colours).toBeGreaterThanOrEqual(3);
    expect(check.colours).toBeLessThanOrEqual(7);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.invalid).toEqual([]);
    const body = standIn.requests[0]!.body as {
      input: { content: { type: string; text?: string }[] }[];
      tools: { type: string; action?: string; model?: string }[];
      safety_identifier?: string;
      store?: boolean;
    };
    expect(body.tools[0]).toMatchObject({
      type: 'image_generation',
      action: 'generate',
      model: 'gpt-image-1.5',
    });
    expect(body.safety_identifier).toBe('safety-0123456789abcdef');
    expect(body.store).toBe(true);
    const parts = body.input[0]!.content;
    expect(parts.map((p) => p.type)).toEqual(['input_text', 'input_image']);
    expect(parts[0]!.text).toContain('Live oak savanna with dry grass');
    expect(parts[0]!.text).toContain('Travis, Texas');
    expect(parts[0]!.text).toContain('large rounded blobs');
    expect(design.markdownAnalysis).toContain('drawn by the AI image service');
  });

  it('records the answer’s actual cost: its usage tokens at the configured prices and the picture from the price table', async () => {
    await provider().generate(input('Live oak savanna'), 'A');
    // The stand-in reports 420 input and 1056 output tokens; gpt-image-1.5 medium 1024x1024 is $0.034.
    const tokens = (420 * 0.4 + 1056 * 1.6) / 1e6;
    expect(book.settled).toEqual([
      { costMicros: Math.round((tokens + 0.034) * 1e6), inputTokens: 420, outputTokens: 1056, images: 1 },
    ]);
    expect([book.reserved, book.released, book.kept()]).toEqual([1, 0, 0]);
  });

  it('reserves for every attempt: a 429 is retried after its Retry-After, its reservation given back', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:busy]'), 'B');
    expect(design.note).toBeNull();
    expect(standIn.requests).toHaveLength(2);
    expect([book.reserved, book.released, book.settled.length]).toEqual([2, 1, 1]);
  });

  it('does not retry a refusal; the engine draws the design and the design says why', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:refuse]'), 'A');
    expect(standIn.requests).toHaveLength(1);
    expect(design.recipe).not.toBeNull();
    expect(design.note).toBe('The AI image service refused the request (moderation_blocked).');
    expect(design.markdownAnalysis).toContain('Drawn by the built-in engine');
    // Before the technical account, which the page folds: seen without opening anything.
    expect(design.markdownAnalysis.indexOf('Drawn by the built-in engine')).toBeLessThan(
      design.markdownAnalysis.indexOf('### How it was made'),
    );
    expect([book.reserved, book.released]).toEqual([1, 1]);
  });

  it('retries a 5xx up to its limit, each attempt reserved and given back, then falls back', async () => {
    const design = await provider({ maxRetries: 2 }).generate(input('Cedar brakes [ai:fail]'), 'A');
    expect(standIn.requests).toHaveLength(3);
    expect(design.note).toBe('The AI image service failed (HTTP 500).');
    expect([book.reserved, book.released, book.kept()]).toEqual([3, 3, 0]);
    await provider({ maxRetries: 1 }).generate(input('Cedar brakes [ai:unavailable]'), 'A');
    expect([book.reserved, book.released]).toEqual([5, 5]);
  });

  it('takes insufficient_quota as an account out of credit: not retried, not "too busy", not charged', async () => {
    const design = await provider({ maxRetries: 3 }).generate(input('Cedar brakes [ai:quota]'), 'A');
    expect(standIn.requests).toHaveLength(1);
    expect(design.note).toBe("The AI image service's account has no credit left (insufficient_quota).");
    expect([book.reserved, book.released]).toEqual([1, 1]);
  });

  it('gives back the reservation of a 401, 403 or 404 and does not retry them', async () => {
    const notes: (string | null)[] = [];
    for (const marker of ['unauthorized', 'forbidden', 'no-model']) {
      notes.push((await provider({ maxRetries: 2 }).generate(input(`Pines [ai:${marker}]`), 'A')).note);
    }
    expect(standIn.requests).toHaveLength(3);
    expect(notes).toEqual([
      'The AI image service refused the request (invalid_api_key).',
      'The AI image service refused the request (unsupported_country_region_territory).',
      'The AI image service does not offer the configured model (model_not_found).',
    ]);
    expect([book.reserved, book.released]).toEqual([3, 3]);
  });

  it('keeps the reservation of an attempt that timed out or whose connection was cut after sending', async () => {
    const slow = await provider({ timeoutMs: 1_000, maxRetries: 0 }).generate(input('Cedar [ai:hang]'), 'A');
    expect(slow.note).toBe('The AI image service did not answer in time.');
    expect([book.reserved, book.released, book.kept()]).toEqual([1, 0, 1]);
    const cut = await provider({ maxRetries: 1 }).generate(input('Cedar [ai:reset]'), 'A');
    expect(cut.note).toBe('The connection to the AI image service was lost.');
    expect(standIn.requests).toHaveLength(3);
    expect([book.reserved, book.released, book.kept()]).toEqual([3, 0, 3]);
  });

  it('gives back the reservation of a request that never left (connection refused)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const design = await provider({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }).generate(
      input('Cedar brakes'),
      'A',
    );
    expect(design.note).toBe('The AI image service could not be reached (ECONNREFUSED).');
    expect([book.reserved, book.released]).toEqual([2, 2]);
  });

  it('reads failed and incomplete answers: their reasons, charged at what they report', async () => {
    const notes: (string | null)[] = [];
    for (const marker of ['failed', 'incomplete', 'filtered']) {
      notes.push((await provider({ maxRetries: 2 }).generate(input(`Pines [ai:${marker}]`), 'A')).note);
    }
    expect(notes).toEqual([
      'The AI image service declined to draw it (image_content_policy_violation).',
      'The AI image service stopped before the picture was finished (max_output_tokens).',
      "The AI image service's content filter stopped the picture (content_filter).",
    ]);
    expect(standIn.requests).toHaveLength(3);
    expect(book.settled.map((cost) => cost.images)).toEqual([0, 0, 0]);
    expect(book.settled[0]!.costMicros).toBe(Math.round(420 * 0.4 + 1056 * 1.6));
  });

  it('refuses a picture larger than its limit before decoding it', async () => {
    const design = await provider().generate(input('Pines [ai:huge]'), 'A');
    expect(design.note).toBe('The AI image service sent a picture larger than 6 MiB.');
    expect(tiles).toBe(0);
    expect(MAX_RESULT_BASE64_CHARS).toBe(8 * 1024 * 1024);
  });

  it('refuses a picture that fails the palette check', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:garbage]'), 'A');
    expect(design.note).toMatch(/^The AI image failed the design checks \(1 colours/);
  });

  it('draws with the engine once the day’s budget is spent, without calling the service', async () => {
    book.budgetLeft = false;
    const design = await provider().generate(input('Cedar brakes'), 'A');
    expect(standIn.requests).toHaveLength(0);
    expect(design.note).toBe("The AI image service's budget for today is spent.");
  });

  it('reserves at least the picture’s listed price, whatever the configured estimate', async () => {
    let reservedMicros = 0;
    const low = createOpenAiProvider({
      settings: settings({ costPerImageUsd: 0.001, imageModel: 'gpt-image-1' }),
      fallback: engineDouble(),
      usage: {
        ...book.usage,
        reserve: async (costMicros) => {
          reservedMicros = costMicros;
          return { day: '2026-11-26', costMicros };
        },
      },
      log: { warn: () => undefined, info: () => undefined },
    });
    await low.generate(input('Pines'), 'A');
    expect(reservedMicros).toBe(42_000);
  });

  describe('one deadline', () => {
    it('aborts the call in flight at its share of the deadline and leaves the engine the rest', async () => {
      const fallback = engineDouble();
      const deadline = deadlineAfter(3_000);
      const design = await provider(
        { timeoutMs: 60_000, maxRetries: 2, engineShareMs: 1_000 },
        fallback,
      ).generate(input('Pines [ai:hang]'), 'A', deadline);
      deadline.clear();
      expect(Date.now()).toBeLessThan(deadline.at);
      expect(design.note).toBe('The AI image service did not answer in time.');
      expect(fallback.generated).toBe(1);
      expect(standIn.requests).toHaveLength(1);
      expect(book.kept()).toBe(1);
    });

    it('stops the call when the caller’s deadline aborts it', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('gone')), 300);
      await provider({ timeoutMs: 60_000 }).generate(input('Pines [ai:hang]'), 'A', {
        at: Date.now() + 60_000,
        signal: controller.signal,
      });
      expect(standIn.requests).toHaveLength(1);
    });

    it('retries only while a whole attempt still fits', async () => {
      const deadline = deadlineAfter(2_500);
      await provider({ timeoutMs: 1_000, maxRetries: 6, engineShareMs: 500 }).generate(
        input('Pines [ai:fail]'),
        'A',
        deadline,
      );
      deadline.clear();
      // 2 s for the service: the first attempt, and a retry only while a 1 s attempt still fits.
      expect(standIn.requests.length).toBeGreaterThanOrEqual(1);
      expect(standIn.requests.length).toBeLessThanOrEqual(2);
    });

    it('does not wait out a Retry-After longer than the time left', async () => {
      const deadline = deadlineAfter(20_000);
      const design = await provider({ maxRetries: 2 }).generate(input('Pines [ai:busy-long]'), 'A', deadline);
      deadline.clear();
      expect(design.note).toBe('The AI image service was too busy (rate limited).');
      expect(standIn.requests).toHaveLength(1);
    });
  });

  describe('edits', () => {
    const subject = (
      design: { png: Uint8Array; responseId: string | null },
      recipe: unknown = null,
    ): EditSubject => ({
      recipe,
      responseId: design.responseId!,
      image: async () => design.png,
      source: async () => input('Pine flatwoods'),
      safetyId: 'safety-editor',
      variant: 'A',
    });

    it('continues an AI design from its response id, and leaves an engine design to the engine', async () => {
      const fallback = engineDouble();
      const ai = provider({}, fallback);
      const design = await ai.generate(input('Pine flatwoods'), 'A');
      const edited = await ai.edit(subject(design), 'more brown');
      expect(edited.ok).toBe(true);
      const last = standIn.requests.at(-1)!.body as Record<string, unknown> & { tools: { action: string }[] };
      expect(last.previous_response_id).toBe(design.responseId);
      expect(last.tools[0]!.action).toBe('edit');
      expect(last.safety_identifier).toBe('safety-editor');
      expect(fallback.edits).toBe(0);
      await ai.edit(
        subject({ png: design.png, responseId: 'recipe-1' }, { kind: 'camo-engine/recipe' }),
        'more brown',
      );
      expect(fallback.edits).toBe(1);
      expect(standIn.invalid).toEqual([]);
    });

    it('edits the stored image itself when the service no longer has the response', async () => {
      const ai = provider();
      const design = await ai.generate(input('Pine flatwoods'), 'A');
      standIn.forget();
      const edited = await ai.edit(subject(design), 'more brown');
      expect(edited.ok && edited.note).toBeNull();
      const [byResponse, byImage] = standIn.requests.slice(-2).map((r) => r.body) as {
        previous_response_id?: string;
        input: { content: { type: string; image_url?: string }[] }[];
        tools: { action: string; input_fidelity?: string }[];
      }[];
      expect(byResponse!.previous_response_id).toBe(design.responseId);
      expect(byImage!.previous_response_id).toBeUndefined();
      expect(byImage!.input[0]!.content[1]!.image_url).toBe(
        `data:image/png;base64,${Buffer.from(design.png).toString('base64')}`,
      );
      expect(byImage!.tools[0]).toMatchObject({ action: 'edit', input_fidelity: 'high' });
      // The not-found answer gave its reservation back; the image edit was settled.
      expect(book.released).toBe(1);
      expect(standIn.invalid).toEqual([]);
    });

    it('with responses not stored, asks for no retention and edits from the image at once', async () => {
      const ai = provider({ storeResponses: false });
      const design = await ai.generate(input('Pine flatwoods'), 'A');
      expect(standIn.requests[0]!.body.store).toBe(false);
      const edited = await ai.edit(subject(design), 'more brown');
      expect(edited.ok).toBe(true);
      expect(standIn.requests).toHaveLength(2);
      expect(standIn.requests[1]!.body.previous_response_id).toBeUndefined();
    });

    it('lets the engine make the edit when the service cannot, and says so', async () => {
      const fallback = engineDouble();
      const ai = provider({}, fallback);
      const design = await ai.generate(input('Pine flatwoods'), 'A');
      standIn.mode = 'refuse';
      const edited = await ai.edit(subject(design), 'add a skull');
      expect(edited.ok).toBe(true);
      expect(fallback.generated).toBe(1);
      expect(fallback.edits).toBe(1);
      expect(edited.ok && edited.note).toBe(
        'The built-in engine made this edit of its own design from your photo, because the AI image service refused the request (moderation_blocked).',
      );
      standIn.mode = 'normal';
      book.budgetLeft = false;
      const unpaid = await ai.edit(subject(design), 'more brown');
      expect(unpaid.ok && unpaid.note).toMatch(/because the AI image service's budget for today is spent\.$/);
    });
  });
});
