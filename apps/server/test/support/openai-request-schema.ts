import type OpenAI from 'openai';
import { z } from 'zod';

/**
 * The body of `POST /v1/responses` (non-streaming) as the stand-in accepts it, written from the
 * pinned `openai` package's types: `ResponseCreateParamsBase` (resources/responses/responses.d.ts)
 * for the top level, `EasyInputMessage`, `ResponseInputText` and `ResponseInputImage` for the
 * input, `Tool.ImageGeneration` for the one tool the stand-in runs and `ToolChoiceTypes` /
 * `ToolChoiceOptions` for the choice. Unknown parameters are refused, as the service refuses them
 * ("Unknown parameter"), and the type check at the end holds the schema to the SDK's type.
 */

const inputText = z.strictObject({
  type: z.literal('input_text'),
  text: z.string(),
  prompt_cache_breakpoint: z.strictObject({ mode: z.literal('explicit') }).optional(),
});

const inputImage = z
  .strictObject({
    type: z.literal('input_image'),
    detail: z.enum(['low', 'high', 'auto', 'original']),
    file_id: z.string().nullish(),
    image_url: z.string().nullish(),
    prompt_cache_breakpoint: z.strictObject({ mode: z.literal('explicit') }).optional(),
  })
  .refine((part) => Boolean(part.file_id) !== Boolean(part.image_url), {
    message: 'input_image needs one of image_url or file_id',
  });

const message = z.strictObject({
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(z.union([inputText, inputImage])).min(1)]),
  phase: z.enum(['commentary', 'final_answer']).nullish(),
  type: z.literal('message').optional(),
});

/** `Tool.ImageGeneration`, every field. */
export const imageGenerationToolSchema = z.strictObject({
  type: z.literal('image_generation'),
  action: z.enum(['generate', 'edit', 'auto']).optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
  input_fidelity: z.enum(['high', 'low']).nullish(),
  input_image_mask: z
    .strictObject({ file_id: z.string().optional(), image_url: z.string().optional() })
    .optional(),
  model: z.string().min(1).optional(),
  moderation: z.enum(['auto', 'low']).optional(),
  output_compression: z.number().int().min(0).max(100).optional(),
  output_format: z.enum(['png', 'webp', 'jpeg']).optional(),
  partial_images: z.number().int().min(0).max(3).optional(),
  quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
  size: z
    .string()
    .regex(/^(auto|\d+x\d+)$/)
    .optional(),
});

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({
    type: z.enum([
      'file_search',
      'web_search_preview',
      'computer',
      'computer_use_preview',
      'computer_use',
      'web_search_preview_2025_03_11',
      'image_generation',
      'code_interpreter',
      'mcp',
    ]),
  }),
]);

/** `ResponseCreateParamsNonStreaming`, with the parts the stand-in runs checked in full. */
export const responseCreateSchema = z.strictObject({
  background: z.boolean().nullish(),
  include: z
    .array(
      z.enum([
        'file_search_call.results',
        'web_search_call.results',
        'web_search_call.action.sources',
        'message.input_image.image_url',
        'computer_call_output.output.image_url',
        'code_interpreter_call.outputs',
        'reasoning.encrypted_content',
        'message.output_text.logprobs',
      ]),
    )
    .nullish(),
  input: z.union([z.string(), z.array(message).min(1)]).optional(),
  instructions: z.string().nullish(),
  max_output_tokens: z.number().int().min(16).nullish(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullish(),
  model: z.string().min(1),
  parallel_tool_calls: z.boolean().nullish(),
  previous_response_id: z.string().min(1).nullish(),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_retention: z.enum(['in_memory', '24h']).nullish(),
  safety_identifier: z.string().max(64).nullish(),
  service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).nullish(),
  store: z.boolean().nullish(),
  stream: z.literal(false).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  // The stand-in runs the image tool only: another tool is refused as the service refuses a
  // tool a model does not offer.
  tools: z.array(imageGenerationToolSchema).optional(),
  tool_choice: toolChoice.optional(),
  top_p: z.number().min(0).max(1).nullish(),
  truncation: z.enum(['auto', 'disabled']).nullish(),
  user: z.string().optional(),
});

export type ResponseCreateBody = z.infer<typeof responseCreateSchema>;

// Every body the schema accepts is one the SDK's type accepts: the schema is no looser than the type.
type Assignable<T, U> = T extends U ? true : false;
export const schemaMatchesSdk: Assignable<
  ResponseCreateBody,
  OpenAI.Responses.ResponseCreateParamsNonStreaming
> = true;
