import { startTestServer, type Backend, type TestServer } from './test-server.js';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDIT_VOCABULARY } from '@camo/camo-engine';
import sharp from 'sharp';
import { responseCreateSchema } from './openai-request-schema.js';

/**
 * A stand-in for the OpenAI API on 127.0.0.1, for tests: POST /v1/responses as the Responses API
 * takes it, every body checked against zod schemas written from the pinned `openai` package's
 * types (openai-request-schema.ts: an invalid body gets the service's 400 invalid_request_error),
 * answered in its documented shapes (a `response` object whose output holds an
 * `image_generation_call` with a base64 PNG, usage; errors as `{ error: { message, type, code,
 * param } }`). A response asked for with `store: false` is not kept, so no later request can
 * continue it (`previous_response_not_found`), as under zero data retention.
 *
 * The picture is a real one for the site to work on: soft, anti-aliased blotches in colours taken
 * from the photo (or the design to edit) sent with the request. Markers in the prompt make it
 * misbehave on demand, in every way the real service does:
 *   [ai:fail]        answers 500 every time          [ai:unavailable]  503 every time
 *   [ai:busy]        429 rate_limit_exceeded with Retry-After: 1 to the first attempt, then answers
 *   [ai:busy-long]   429 with Retry-After: 3600 every time
 *   [ai:quota]       429 insufficient_quota (an account out of credit)
 *   [ai:unauthorized] 401 invalid_api_key   [ai:forbidden] 403   [ai:no-model] 404 model_not_found
 *   [ai:refuse]      400 moderation_blocked (a refusal: never worth retrying)
 *   [ai:slow]        answers after `slowMs`          [ai:hang]  never answers
 *   [ai:reset]       reads the body, then drops the connection without an answer
 *   [ai:failed]      200 with status `failed` (error image_content_policy_violation)
 *   [ai:incomplete]  200 with status `incomplete` (max_output_tokens)
 *   [ai:filtered]    200 with status `incomplete` (content_filter)
 *   [ai:huge]        200 with a `result` larger than the provider takes (8 MiB of base64)
 *   [ai:garbage]     a picture of one flat colour (fails the palette check)
 *   [ai:twins]       the same picture to every request (A and B one design: no winner can be named)
 *   [ai:loud]        every other request a picture in blaze orange, magenta and sky blue (a
 *                    design that stands out: the other one hides better, by far)
 * An edit (a request continuing an earlier response) that names nothing the engine's edits know
 * gets a question back instead of a picture. `mode` sets one behaviour for every request (a
 * service that is down, say); `forget()` drops every kept response (the service's retention ran out).
 */
export type StandInFault =
  | 'twins'
  | 'loud'
  | 'fail'
  | 'unavailable'
  | 'busy-long'
  | 'quota'
  | 'unauthorized'
  | 'forbidden'
  | 'no-model'
  | 'refuse'
  | 'slow'
  | 'hang'
  | 'reset'
  | 'failed'
  | 'incomplete'
  | 'filtered'
  | 'huge'
  | 'garbage';

export interface StandIn {
  url: string;
  /** Every request as received (valid or not): path, headers' authorization and the parsed body. */
  requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[];
  /** Requests refused as invalid, with the schema's complaint. */
  invalid: { body: unknown; problem: string }[];
  mode: 'normal' | StandInFault;
  /** The service's retention ran out: no earlier response can be continued. */
  forget(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** The words of the engine's edit vocabulary, which this stand-in takes as its own. */
const EDIT_WORDS = [...new Set(EDIT_VOCABULARY.toLowerCase().match(/[a-z]{3,}/g) ?? [])].filter(
  (w) =>
    ![
      'and',
      'the',
      'any',
      'such',
      'add',
      'more',
      'less',
      'much',
      'too',
      'not',
      'switch',
      'style',
      'scale',
      'turn',
      'change',
    ].includes(w),
);

const error = (status: number, message: string, type: string, code: string | null) => ({
  status,
  body: { error: { message, type, param: null, code } },
});

/** The prompt's text and the photo's data URL, from any of the input shapes the API takes. */
function readInput(input: unknown): { text: string; image: string | null } | null {
  if (typeof input === 'string') return { text: input, image: null };
  if (!Array.isArray(input)) return null;
  let text = '';
  let image: string | null = null;
  for (const message of input as Json[]) {
    if (typeof message !== 'object' || message === null) return null;
    const content = message.content;
    if (typeof content === 'string') {
      text += content;
      continue;
    }
    if (!Array.isArray(content)) return null;
    for (const part of content as Json[]) {
      if (part.type === 'input_text' && typeof part.text === 'string') text += part.text;
      else if (part.type === 'input_image' && typeof part.image_url === 'string') image = part.image_url;
      else return null;
    }
  }
  return { text, image };
}

async function blotches(
  photoDataUrl: string | null,
  seed: number,
  garbage: boolean,
  loud = false,
): Promise<string> {
  const size = 1024;
  let colours: [number, number, number][] = [
    [86, 94, 62],
    [122, 108, 78],
    [58, 62, 44],
    [150, 138, 104],
    [100, 84, 60],
  ];
  if (photoDataUrl?.startsWith('data:image/')) {
    // Colours sampled across the picture (a photo, or the design to edit): the distinct ones first.
    const bytes = Buffer.from(photoDataUrl.slice(photoDataUrl.indexOf(',') + 1), 'base64');
    const { data } = await sharp(bytes)
      .resize(8, 8, { fit: 'fill', kernel: 'nearest' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sampled = Array.from({ length: 64 }, (_, i): [number, number, number] => [
      data[i * 3]!,
      data[i * 3 + 1]!,
      data[i * 3 + 2]!,
    ]);
    const distinct = [...new Map(sampled.map((c) => [c.join(','), c])).values()];
    colours = Array.from({ length: 5 }, (_, i) => {
      const [r, g, b] = distinct[i % distinct.length]!;
      // A picture of fewer colours gets lighter and darker shades of them.
      const shade = i < distinct.length ? 0 : i % 2 ? 40 : -40;
      const clamp = (v: number) => Math.max(0, Math.min(255, v + shade));
      return [clamp(r), clamp(g), clamp(b)];
    });
  }
  // One colour and nothing else: no palette of 3 to 7 can come of it.
  if (garbage) colours = [colours[0]!];
  if (loud)
    colours = [
      [255, 103, 0],
      [230, 40, 200],
      [80, 170, 255],
      [250, 230, 40],
    ];
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const circles = Array.from({ length: 260 }, () => {
    const [r, g, b] = colours[Math.floor(rand() * colours.length)]!;
    const [cx, cy] = [rand() * size, rand() * size];
    return `<ellipse cx="${cx}" cy="${cy}" rx="${20 + rand() * 90}" ry="${14 + rand() * 60}" transform="rotate(${rand() * 180} ${cx} ${cy})" fill="rgb(${r},${g},${b})"/>`;
  });
  const [r, g, b] = colours[0]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>${circles.join('')}</svg>`;
  // Anti-aliased and a little noisy, as a generated picture is: the site must flatten it.
  const png = await sharp(Buffer.from(svg))
    .blur(garbage ? 0.3 : 1.5)
    .png()
    .toBuffer();
  return png.toString('base64');
}

export async function startOpenAiStandIn(
  options: { port?: number; apiKey?: string; slowMs?: number } = {},
): Promise<StandIn> {
  const apiKey = options.apiKey ?? 'sk-test-stand-in';
  const slowMs = options.slowMs ?? 5_000;
  const known = new Set<string>();
  const busySeen = new Set<string>();
  const standIn: StandIn = {
    url: '',
    requests: [],
    invalid: [],
    mode: 'normal',
    forget: () => known.clear(),
    close: async () => undefined,
  };

  type Answer =
    | { status: number; body: Json; headers?: Record<string, string>; delayMs?: number }
    | { drop: 'hang' | 'reset' };

  const responseOf = (id: string, body: Json, fields: Json): Json => ({
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: body.model,
    previous_response_id: body.previous_response_id ?? null,
    output: [],
    usage: {
      input_tokens: 420,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: 1056,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 1476,
    },
    ...fields,
  });

  async function answer(path: string, authorization: string | undefined, raw: string): Promise<Answer> {
    if (authorization !== `Bearer ${apiKey}`)
      return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (path !== '/v1/responses')
      return error(404, `Unknown request URL: POST ${path}.`, 'invalid_request_error', 'unknown_url');
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return error(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    standIn.requests.push({ path, authorization, body });
    const parsed = responseCreateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const problem = `${issue.path.join('.') || '(body)'}: ${issue.message}`;
      standIn.invalid.push({ body, problem });
      return error(400, `Invalid request: ${problem}.`, 'invalid_request_error', 'invalid_value');
    }
    const input = readInput(body.input);
    if (!input) return error(400, "Invalid value for 'input'.", 'invalid_request_error', 'invalid_value');
    const tools = parsed.data.tools ?? [];
    if (!tools.some((t) => t.type === 'image_generation'))
      return error(
        400,
        'This stand-in only draws images: tools must include image_generation.',
        'invalid_request_error',
        'invalid_value',
      );
    if (
      body.previous_response_id !== undefined &&
      !(typeof body.previous_response_id === 'string' && known.has(body.previous_response_id))
    )
      return error(
        400,
        `Previous response with id '${JSON.stringify(body.previous_response_id)}' not found.`,
        'invalid_request_error',
        'previous_response_not_found',
      );

    const marker = (name: StandInFault) => standIn.mode === name || input.text.includes(`[ai:${name}]`);
    if (marker('hang')) return { drop: 'hang' };
    if (marker('reset')) return { drop: 'reset' };
    if (marker('unauthorized'))
      return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (marker('forbidden'))
      return error(
        403,
        'Your organization must be verified to use this model.',
        'invalid_request_error',
        'unsupported_country_region_territory',
      );
    if (marker('no-model'))
      return error(
        404,
        'The model `gpt-image-0` does not exist or you do not have access to it.',
        'invalid_request_error',
        'model_not_found',
      );
    if (marker('quota'))
      return error(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      );
    if (marker('busy-long'))
      return {
        ...error(429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded'),
        headers: { 'retry-after': '3600' },
      };
    if (marker('fail'))
      return error(500, 'The server had an error while processing your request.', 'server_error', null);
    if (marker('unavailable'))
      return error(503, 'The engine is currently overloaded, please try again later.', 'server_error', null);
    if (input.text.includes('[ai:busy]') && !busySeen.has(input.text)) {
      busySeen.add(input.text);
      return {
        ...error(429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded'),
        headers: { 'retry-after': '1' },
      };
    }
    if (marker('refuse'))
      return error(
        400,
        'Your request was rejected by the safety system.',
        'invalid_request_error',
        'moderation_blocked',
      );
    const id = `resp_${randomBytes(12).toString('hex')}`;
    // Kept to be continued only when stored (store defaults to true).
    if (parsed.data.store !== false) known.add(id);
    if (marker('failed'))
      return {
        status: 200,
        body: responseOf(id, body, {
          status: 'failed',
          error: { code: 'image_content_policy_violation', message: 'The image was flagged.' },
        }),
      };
    if (marker('incomplete') || marker('filtered'))
      return {
        status: 200,
        body: responseOf(id, body, {
          status: 'incomplete',
          incomplete_details: { reason: marker('filtered') ? 'content_filter' : 'max_output_tokens' },
        }),
      };
    if (marker('huge'))
      return {
        status: 200,
        body: responseOf(id, body, {
          output: [imageCall('A'.repeat(8 * 1024 * 1024 + 4))],
        }),
      };
    // An edit it cannot make sense of gets a question back instead of a picture, as a model does
    // when a request says nothing it can draw ("understood" here: a word the engine's edits know).
    if (
      body.previous_response_id !== undefined &&
      !EDIT_WORDS.some((w) => input.text.toLowerCase().includes(w))
    )
      return {
        status: 200,
        body: responseOf(id, body, {
          output: [message('What would you like me to change?')],
          usage: {
            input_tokens: 40,
            input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
            output_tokens: 9,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 49,
          },
        }),
      };
    const twins = marker('twins');
    const result = await blotches(
      twins ? null : input.image,
      twins ? 7 : standIn.requests.length + 7,
      marker('garbage'),
      marker('loud') && standIn.requests.length % 2 === 0,
    );
    return {
      status: 200,
      delayMs: marker('slow') ? slowMs : 0,
      body: responseOf(id, body, {
        output: [imageCall(result), message('Here is the pattern.')],
      }),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req.url ?? '', req.headers.authorization, Buffer.concat(chunks).toString('utf8')).then(
        (reply) => {
          // Hang: the request was taken and is never answered. Reset: the connection is cut.
          if ('drop' in reply) {
            if (reply.drop === 'reset') req.socket.destroy();
            return;
          }
          const { status, body, headers, delayMs } = reply;
          const send = () => {
            if (res.destroyed) return;
            res.writeHead(status, { 'content-type': 'application/json', ...headers });
            res.end(JSON.stringify(body));
          };
          if (delayMs) setTimeout(send, delayMs).unref();
          else send();
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/** An answer's image_generation_call output item carrying `result` (base64). */
function imageCall(result: string) {
  return {
    id: `ig_${randomBytes(12).toString('hex')}`,
    type: 'image_generation_call' as const,
    status: 'completed' as const,
    result,
  };
}

/** An answer's assistant message output item saying `text`. */
function message(text: string) {
  return {
    id: `msg_${randomBytes(12).toString('hex')}`,
    type: 'message' as const,
    role: 'assistant' as const,
    status: 'completed' as const,
    content: [{ type: 'output_text' as const, text, annotations: [] }],
  };
}

/**
 * A test server whose designs come from a stand-in of its own (the engine only when the stand-in
 * fails or refuses), and a close for both.
 */
export async function startServerWithStandIn(
  backend: Backend,
): Promise<{ standIn: StandIn; server: TestServer; close: () => Promise<void> }> {
  const standIn = await startOpenAiStandIn();
  const server = await startTestServer(backend, {
    OPENAI_API_KEY: 'sk-test-stand-in',
    OPENAI_BASE_URL: standIn.url,
    OPENAI_MAX_RETRIES: '0',
  });
  return {
    standIn,
    server,
    close: async () => {
      await server.close();
      await standIn.close();
    },
  };
}
