import type OpenAI from 'openai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { imageGenerationToolSchema, responseCreateSchema } from '../../test/support/openai-request-schema.js';
import {
  editByImageRequest,
  editByResponseRequest,
  generateRequest,
  imagePriceUsd,
  type ListedImageModel,
} from './openai-requests.js';
import { loadConfig } from '../platform/config.js';

type Params = OpenAI.Responses.ResponseCreateParamsNonStreaming;
type ImageTool = OpenAI.Responses.Tool.ImageGeneration;

const settings = { model: 'gpt-4.1-mini', imageModel: 'gpt-image-1.5', storeResponses: true };
const requests = {
  generate: generateRequest(settings, {
    prompt: 'Design a pattern',
    photoDataUrl: 'data:image/jpeg;base64,AAAA',
    safetyId: 'abc',
  }),
  byResponse: editByResponseRequest(settings, {
    request: 'more brown',
    previousResponseId: 'resp_1',
    safetyId: 'abc',
  }),
  byImage: editByImageRequest(settings, {
    request: 'more brown',
    imageDataUrl: 'data:image/png;base64,AAAA',
    safetyId: 'abc',
  }),
};

describe('the provider’s requests', () => {
  it('are ResponseCreateParamsNonStreaming of the pinned openai package (checked by tsc)', () => {
    expectTypeOf(requests.generate).toExtend<Params>();
    expectTypeOf(requests.byResponse).toExtend<Params>();
    expectTypeOf(requests.byImage).toExtend<Params>();
    expectTypeOf<(typeof requests.generate.tools)[number]>().toExtend<ImageTool>();
    expectTypeOf<(typeof requests.byImage.tools)[number]>().toExtend<ImageTool>();
  });

  it('use a default image model the pinned types name', () => {
    const listed: ListedImageModel[] = [
      'gpt-image-1',
      'gpt-image-1-mini',
      'gpt-image-1.5',
      'gpt-image-2',
      'gpt-image-2-2026-04-21',
      'chatgpt-image-latest',
    ];
    const { imageModel } = loadConfig({ DATA_DIR: '/tmp/camo-config-test', OPENAI_API_KEY: 'sk' }).openai!;
    expect(listed).toContain(imageModel);
    expect(imagePriceUsd(imageModel)).toBeDefined();
  });

  it('pass the stand-in’s schemas written from those types', () => {
    for (const [name, body] of Object.entries(requests)) {
      const parsed = responseCreateSchema.safeParse(body);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
    expect(imageGenerationToolSchema.safeParse({ type: 'image_generation', acton: 'edit' }).success).toBe(
      false,
    );
  });

  it('say what to do: draw anew for A and B, edit the design (at high fidelity from its image) for an edit', () => {
    expect(requests.generate.tools[0]!.action).toBe('generate');
    expect(requests.byResponse.tools[0]!.action).toBe('edit');
    expect(requests.byImage.tools[0]).toMatchObject({ action: 'edit', input_fidelity: 'high' });
    expect(
      editByImageRequest(
        { ...settings, imageModel: 'gpt-image-1-mini' },
        {
          request: 'x',
          imageDataUrl: 'data:image/png;base64,AAAA',
          safetyId: 'abc',
        },
      ).tools[0],
    ).not.toHaveProperty('input_fidelity');
    for (const body of Object.values(requests)) expect(body.safety_identifier).toBe('abc');
  });

  it('price the picture from the table, and nothing for a model it does not list', () => {
    expect(imagePriceUsd('gpt-image-1.5')).toBe(0.034);
    expect(imagePriceUsd('gpt-image-1')).toBe(0.042);
    expect(imagePriceUsd('some-future-model')).toBeUndefined();
  });
});
