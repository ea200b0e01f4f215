import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDIT_VOCABULARY } from '@camo/camo-engine';
import sharp from 'sharp';

/**
 * A stand-in for the OpenAI API on 127.0.0.1, for tests: POST /v1/responses as the Responses API
 * takes it (Bearer key; model; input as text or messages of input_text and input_image parts;
 * tools with image_generation; previous_response_id of an earlier response), answered in its
 * documented shapes (a `response` object whose output holds an `image_generation_call` with a
 * base64 PNG, usage; errors as `{ error: { message, type, code, param } }`).
 *
 * The picture is a real one for the site to work on: soft, anti-aliased blotches in colours taken
 * from the photo sent with the request. Markers in the prompt make it misbehave on demand:
 *   [ai:fail]     answers 500 every time
 *   [ai:busy]     answers 429 with Retry-After: 1 to the first attempt, then normally
 *   [ai:refuse]   answers 400 moderation_blocked (a refusal: never worth retrying)
 *   [ai:slow]     answers after `slowMs` (longer than the client's deadline)
 *   [ai:garbage]  answers a picture of one flat colour (fails the palette check)
 * An edit (a request continuing an earlier response) that names nothing the engine's edits know
 * gets a question back instead of a picture.
 * `mode` sets the same behaviour for every request (a service that is down, say).
 */
export interface StandIn {
  url: string;
  /** Every request as received: path, headers' authorization and the parsed body. */
  requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[];
  mode: 'normal' | 'fail' | 'refuse' | 'slow' | 'garbage';
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

async function blotches(photoDataUrl: string | null, seed: number, garbage: boolean): Promise<string> {
  const size = 1024;
  let colours: [number, number, number][] = [
    [86, 94, 62],
    [122, 108, 78],
    [58, 62, 44],
    [150, 138, 104],
    [100, 84, 60],
  ];
  if (photoDataUrl?.startsWith('data:image/')) {
    const bytes = Buffer.from(photoDataUrl.slice(photoDataUrl.indexOf(',') + 1), 'base64');
    const { data } = await sharp(bytes)
      .resize(5, 1, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    colours = Array.from({ length: 5 }, (_, i) => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!]);
  }
  // One colour and nothing else: no palette of 3 to 7 can come of it.
  if (garbage) colours = [colours[0]!];
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
  const standIn: StandIn = { url: '', requests: [], mode: 'normal', close: async () => undefined };

  async function answer(
    path: string,
    authorization: string | undefined,
    raw: string,
  ): Promise<{ status: number; body: Json; headers?: Record<string, string>; delayMs?: number }> {
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
    if (typeof body.model !== 'string' || !body.model)
      return error(
        400,
        "Missing required parameter: 'model'.",
        'invalid_request_error',
        'missing_required_parameter',
      );
    const input = readInput(body.input);
    if (!input) return error(400, "Invalid value for 'input'.", 'invalid_request_error', 'invalid_value');
    const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
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

    const marker = (name: string) => standIn.mode === name || input.text.includes(`[ai:${name}]`);
    if (marker('fail'))
      return error(500, 'The server had an error while processing your request.', 'server_error', null);
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
    known.add(id);
    // An edit it cannot make sense of gets a question back instead of a picture, as a model does
    // when a request says nothing it can draw ("understood" here: a word the engine's edits know).
    if (
      body.previous_response_id !== undefined &&
      !EDIT_WORDS.some((w) => input.text.toLowerCase().includes(w))
    )
      return {
        status: 200,
        body: {
          id,
          object: 'response',
          created_at: Math.floor(Date.now() / 1000),
          status: 'completed',
          model: body.model,
          previous_response_id: body.previous_response_id,
          output: [
            {
              id: `msg_${randomBytes(12).toString('hex')}`,
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'What would you like me to change?', annotations: [] }],
            },
          ],
          usage: { input_tokens: 40, output_tokens: 9, total_tokens: 49 },
        },
      };
    const result = await blotches(input.image, standIn.requests.length + 7, marker('garbage'));
    return {
      status: 200,
      delayMs: marker('slow') ? slowMs : 0,
      body: {
        id,
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status: 'completed',
        model: body.model,
        previous_response_id: body.previous_response_id ?? null,
        output: [
          {
            id: `ig_${randomBytes(12).toString('hex')}`,
            type: 'image_generation_call',
            status: 'completed',
            result,
          },
          {
            id: `msg_${randomBytes(12).toString('hex')}`,
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'Here is the pattern.', annotations: [] }],
          },
        ],
        usage: { input_tokens: 420, output_tokens: 1056, total_tokens: 1476 },
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req.url ?? '', req.headers.authorization, Buffer.concat(chunks).toString('utf8')).then(
        ({ status, body, headers, delayMs }) => {
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
