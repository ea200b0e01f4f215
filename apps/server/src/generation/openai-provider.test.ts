import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiStandIn, type StandIn } from '../../test/support/openai-stand-in.js';
import { forestJpeg } from '../../test/support/photos.js';
import { checkTile } from './flat-colours.js';
import type { OpenAiSettings } from '../platform/config.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { DesignProvider, ProviderInput } from './provider.js';

/** What the built-in engine would answer (the engine itself is tested in its package). */
function engineDouble(): DesignProvider & { edits: number } {
  const double = {
    name: 'engine double',
    edits: 0,
    async generate() {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#556b2f' } })
        .png()
        .toBuffer();
      return {
        png,
        responseId: 'recipe-1',
        designId: 'engine-design',
        promptId: 'engine-prompt',
        prompt: 'engine prompt',
        markdownAnalysis: '## Engine analysis',
        recipe: { kind: 'camo-engine/recipe' },
        note: null,
      };
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

/** A real photo (the engine's forest fixture), as the pipeline hands it over: raw RGB. */
let photo: ProviderInput['photo'];
const input = (description: string): ProviderInput => ({
  photo,
  description,
  state: 'TX',
  county: 'Travis',
  toggles: { blobs: true } as ProviderInput['toggles'],
  seed: 1,
});

describe('the OpenAI-compatible provider against the stand-in', () => {
  let standIn: StandIn;
  let budgetLeft = true;
  const provider = (overrides: Partial<OpenAiSettings> = {}, fallback = engineDouble()) =>
    createOpenAiProvider({
      settings: {
        apiKey: 'sk-test-stand-in',
        baseUrl: standIn.url,
        model: 'gpt-4.1-mini',
        imageModel: 'gpt-image-1',
        timeoutMs: 10_000,
        maxRetries: 1,
        dailyBudgetUsd: 10,
        costPerImageUsd: 0.07,
        ...overrides,
      },
      fallback,
      usage: { reserve: async () => budgetLeft },
      log: { warn: () => undefined, info: () => undefined },
    });

  beforeAll(async () => {
    const { data, info } = await sharp(forestJpeg())
      .resize(256)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    photo = { rgb: new Uint8Array(data), width: info.width, height: info.height };
    standIn = await startOpenAiStandIn({ slowMs: 3_000 });
  });
  afterAll(async () => standIn.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.mode = 'normal';
    budgetLeft = true;
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
    const body = standIn.requests[0]!.body as {
      input: { content: { type: string; text?: string }[] }[];
      tools: { type: string }[];
    };
    expect(body.tools[0]!.type).toBe('image_generation');
    const parts = body.input[0]!.content;
    expect(parts.map((p) => p.type)).toEqual(['input_text', 'input_image']);
    expect(parts[0]!.text).toContain('Live oak savanna with dry grass');
    expect(parts[0]!.text).toContain('Travis, Texas');
    expect(parts[0]!.text).toContain('large rounded blobs');
    expect(design.markdownAnalysis).toContain('drawn by the AI image service');
  });

  it('retries a 429 after its Retry-After and uses the answer', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:busy]'), 'B');
    expect(design.note).toBeNull();
    expect(standIn.requests).toHaveLength(2);
  });

  it('does not retry a refusal; the engine draws the design and the design says why', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:refuse]'), 'A');
    expect(standIn.requests).toHaveLength(1);
    expect(design.recipe).not.toBeNull();
    expect(design.note).toBe('The AI image service refused the request (moderation_blocked).');
    expect(design.markdownAnalysis).toContain('Drawn by the built-in engine');
  });

  it('retries a 5xx up to its limit, then falls back', async () => {
    const design = await provider({ maxRetries: 2 }).generate(input('Cedar brakes [ai:fail]'), 'A');
    expect(standIn.requests).toHaveLength(3);
    expect(design.note).toBe('The AI image service failed (HTTP 500).');
  });

  it('gives up on a service slower than its deadline', async () => {
    const design = await provider({ timeoutMs: 1_000, maxRetries: 0 }).generate(
      input('Cedar brakes [ai:slow]'),
      'A',
    );
    expect(design.note).toBe('The AI image service did not answer in time.');
  });

  it('refuses a picture that fails the palette check', async () => {
    const design = await provider().generate(input('Cedar brakes [ai:garbage]'), 'A');
    expect(design.note).toMatch(/^The AI image failed the design checks \(1 colours/);
  });

  it('draws with the engine once the day’s budget is spent, without calling the service', async () => {
    budgetLeft = false;
    const design = await provider().generate(input('Cedar brakes'), 'A');
    expect(standIn.requests).toHaveLength(0);
    expect(design.note).toBe("The AI image service's budget for today is spent.");
  });

  it('continues an AI design from its response id, and leaves an engine design to the engine', async () => {
    const fallback = engineDouble();
    const ai = provider({}, fallback);
    const design = await ai.generate(input('Pine flatwoods'), 'A');
    const subject = (recipe: unknown, responseId: string) => ({
      recipe,
      responseId,
      image: async () => design.png,
      source: async () => input('Pine flatwoods'),
    });
    const edited = await ai.edit(subject(null, design.responseId!), 'more brown');
    expect(edited.ok).toBe(true);
    const last = standIn.requests.at(-1)!.body;
    expect(last.previous_response_id).toBe(design.responseId);
    expect(fallback.edits).toBe(0);
    await ai.edit(subject({ kind: 'camo-engine/recipe' }, 'recipe-1'), 'more brown');
    expect(fallback.edits).toBe(1);
    standIn.mode = 'refuse';
    await expect(ai.edit(subject(null, design.responseId!), 'add a skull')).rejects.toThrow(
      'The AI image service refused the request (moderation_blocked).',
    );
  });
});
