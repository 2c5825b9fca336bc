/**
 * Structured output across every client format and upstream (docs/formats.md, "Structured output"),
 * through the official SDKs' own parsers: openai `chat.completions.parse` / `.stream` with
 * zodResponseFormat, `responses.parse` / `.stream` with zodTextFormat, @anthropic-ai/sdk `messages.parse` /
 * `.stream` with zodOutputFormat (`output_config.format`), @google/genai with `responseSchema` (OpenAPI
 * subset) and `responseJsonSchema`. The upstreams are honest fakes: asked natively they answer JSON made
 * from the schema they received, asked with a forced tool they call it, and they refuse what their APIs
 * refuse (server/src/test-support/fake-vendors/structured-output.ts; strict mode on:
 * server/src/test-support/strict/).
 */
import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { GoogleGenAI, Type } from '@google/genai';
import { zodResponseFormat, zodTextFormat } from 'openai/helpers/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import { startFakeGemini } from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const OPENAI_MODEL = 'gpt-4o-mini';
/** Takes `output_config.format` (Claude 4.5 and later). */
const CLAUDE_JSON_MODEL = 'claude-sonnet-4-5-20250929';
/** Does not: the gateway asks it with a forced tool. */
const CLAUDE_TOOL_MODEL = 'claude-sonnet-4-20250514';
const GEMINI_MODEL = 'gemini-2.5-flash';
const CLAUDE_KEY = 'sk-ant-structured';
const GEMINI_KEY = 'AIzaStructuredOutputKey0123456789abcd';

const Event = z.object({
  name: z.string(),
  date: z.string(),
  attendees: z.array(z.string()),
  priority: z.enum(['low', 'high']),
  seats: z.number().int(),
  venue: z.object({ city: z.string() }),
});
type Event = z.infer<typeof Event>;

/** The same schema in Gemini's OpenAPI subset, as @google/genai users write it. */
const GEMINI_EVENT_SCHEMA = {
  type: Type.OBJECT,
  properties: {
    name: { type: Type.STRING },
    date: { type: Type.STRING },
    attendees: { type: Type.ARRAY, items: { type: Type.STRING } },
    priority: { type: Type.STRING, format: 'enum', enum: ['low', 'high'] },
    seats: { type: Type.INTEGER },
    venue: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
  },
  required: ['name', 'date', 'attendees', 'priority', 'seats', 'venue'],
  propertyOrdering: ['name', 'date', 'attendees', 'priority', 'seats', 'venue'],
};

const PROMPT = 'Extract the event: the team meets in Paris on Friday.';

const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
let gemini: FakeVendor;
let key: string;

beforeAll(async () => {
  key = `sk-${fixture.token.key}`;
  fixture.upstream.setBehavior({ strict: true });
  // Chat Completions only: a Responses client is converted too.
  await fixture.addChannel({ type: 8, models: OPENAI_MODEL });
  ({ vendor: claude } = await fixture.addVendorChannel(() => startFakeClaude(CLAUDE_KEY, { strict: true }), {
    type: 14,
    key: CLAUDE_KEY,
    models: `${CLAUDE_JSON_MODEL},${CLAUDE_TOOL_MODEL}`,
  }));
  ({ vendor: gemini } = await fixture.addVendorChannel(() => startFakeGemini(GEMINI_KEY, { strict: true }), {
    type: 24,
    key: GEMINI_KEY,
    models: GEMINI_MODEL,
  }));
});

function anthropic(): Anthropic {
  return new Anthropic({ apiKey: key, baseURL: fixture.server.url, maxRetries: 0 });
}

function genai(): GoogleGenAI {
  return new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: fixture.server.url } });
}

/** One client format: the event parsed by its SDK, from a reply or a stream. */
type Client = (model: string, stream: boolean) => Promise<Event | null | undefined>;

const clients: Record<string, Client> = {
  'OpenAI Chat (zodResponseFormat)': async (model, stream) => {
    const body = {
      model,
      messages: [{ role: 'user' as const, content: PROMPT }],
      response_format: zodResponseFormat(Event, 'event'),
    };
    const completion = stream
      ? await fixture.openai.chat.completions.stream(body).finalChatCompletion()
      : await fixture.openai.chat.completions.parse(body);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    return completion.choices[0]?.message.parsed;
  },
  'OpenAI Responses (zodTextFormat)': async (model, stream) => {
    const body = { model, input: PROMPT, text: { format: zodTextFormat(Event, 'event') } };
    const response = stream
      ? await fixture.openai.responses.stream(body).finalResponse()
      : await fixture.openai.responses.parse(body);
    expect(response.status).toBe('completed');
    return response.output_parsed;
  },
  'Anthropic Messages (zodOutputFormat)': async (model, stream) => {
    const body = {
      model,
      max_tokens: 512,
      messages: [{ role: 'user' as const, content: PROMPT }],
      output_config: { format: zodOutputFormat(Event) },
    };
    const message = stream
      ? await anthropic().messages.stream(body).finalMessage()
      : await anthropic().messages.parse(body);
    expect(message.stop_reason).toBe('end_turn');
    return message.parsed_output;
  },
  'Gemini (responseSchema, OpenAPI subset)': async (model, stream) => {
    const request = {
      model,
      contents: PROMPT,
      config: { responseMimeType: 'application/json', responseSchema: GEMINI_EVENT_SCHEMA },
    };
    return Event.parse(JSON.parse(await geminiText(request, stream)));
  },
  'Gemini (responseJsonSchema)': async (model, stream) => {
    const request = {
      model,
      contents: PROMPT,
      config: { responseMimeType: 'application/json', responseJsonSchema: z.toJSONSchema(Event) },
    };
    return Event.parse(JSON.parse(await geminiText(request, stream)));
  },
};

async function geminiText(
  request: Parameters<GoogleGenAI['models']['generateContent']>[0],
  stream: boolean,
): Promise<string> {
  if (!stream) return (await genai().models.generateContent(request)).text ?? '';
  let text = '';
  for await (const chunk of await genai().models.generateContentStream(request)) text += chunk.text ?? '';
  return text;
}

const upstreams: [string, string][] = [
  ['an OpenAI channel', OPENAI_MODEL],
  ['a Claude channel, JSON outputs', CLAUDE_JSON_MODEL],
  ['a Claude channel, forced tool', CLAUDE_TOOL_MODEL],
  ['a Gemini channel', GEMINI_MODEL],
];

describe.each(upstreams)('a schema request on %s', (_upstream, model) => {
  it.each(Object.entries(clients))('%s parses into the schema, reply and stream', async (name, client) => {
    // Anthropic's API refuses output_config.format for models before 4.5: the Claude client, passed
    // through unchanged, gets that refusal (the call-level test below); every converted call is served.
    if (model === CLAUDE_TOOL_MODEL && name.startsWith('Anthropic')) return;
    for (const stream of [false, true]) {
      const event = await client(model, stream);
      expect(event, `stream: ${stream}`).toEqual(Event.parse(event));
      expect(event?.priority).toBe('low');
      expect(event?.venue.city).toBeTypeOf('string');
    }
  });
});

describe('how the schema reaches a Claude upstream', () => {
  it('natively as output_config.format, within Anthropic’s subset, for a model that takes it', async () => {
    await clients['OpenAI Chat (zodResponseFormat)']!(CLAUDE_JSON_MODEL, false);
    const sent = claude.requests.at(-1)!.body;
    const format = (sent.output_config as { format: { type: string; schema: Record<string, unknown> } })
      .format;
    expect(format.type).toBe('json_schema');
    expect(format.schema.additionalProperties).toBe(false);
    expect(format.schema.$schema).toBeUndefined();
    expect(sent.tools).toBeUndefined();
  });

  it('as a forced tool for a model that does not, the answer back as text with a normal stop', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: CLAUDE_TOOL_MODEL,
      messages: [{ role: 'user', content: PROMPT }],
      response_format: zodResponseFormat(Event, 'event'),
    });
    const sent = claude.requests.at(-1)!.body;
    expect(sent.output_config).toBeUndefined();
    expect(sent.tool_choice).toEqual({ type: 'tool', name: 'json_answer' });
    expect(reply.choices[0]?.finish_reason).toBe('stop');
    expect(reply.choices[0]?.message.tool_calls).toBeUndefined();
    expect(Event.parse(JSON.parse(reply.choices[0]?.message.content ?? ''))).toMatchObject({
      priority: 'low',
    });
  });

  it('beside the client’s own tools: the model may call them, then answers through the output tool', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'find_venue',
          strict: true,
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
            additionalProperties: false,
          },
        },
      },
    ];
    const question = { role: 'user' as const, content: PROMPT };
    const responseFormat = zodResponseFormat(Event, 'event');
    const first = await fixture.openai.chat.completions.create({
      model: CLAUDE_TOOL_MODEL,
      messages: [question],
      tools,
      response_format: responseFormat,
    });
    expect(claude.requests.at(-1)!.body.tool_choice).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('find_venue');
    const second = await fixture.openai.chat.completions.parse({
      model: CLAUDE_TOOL_MODEL,
      tools,
      response_format: responseFormat,
      messages: [
        question,
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: call!.id, content: 'Paris' },
      ],
    });
    expect(second.choices[0]?.finish_reason).toBe('stop');
    expect(second.choices[0]?.message.parsed?.priority).toBe('low');
  });

  it('a Claude client asking a model without JSON outputs gets Anthropic’s refusal, unbilled', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      clients['Anthropic Messages (zodOutputFormat)']!(CLAUDE_TOOL_MODEL, false),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('does not support output_config.format');
    expect(spent).toBe(0);
  });
});

describe('JSON mode and formats a side cannot express', () => {
  it.each(upstreams)('json_object on %s answers a JSON object', async (_upstream, model) => {
    const reply = await fixture.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Reply in JSON: who are you?' }],
      response_format: { type: 'json_object' },
    });
    const parsed: unknown = JSON.parse(reply.choices[0]?.message.content ?? '');
    expect(parsed).toBeTypeOf('object');
    expect(Array.isArray(parsed)).toBe(false);
    expect(reply.choices[0]?.finish_reason).toBe('stop');
  });

  it('a Gemini array schema reaches Claude through the output tool (its root is not an object)', async () => {
    for (const model of [CLAUDE_JSON_MODEL, CLAUDE_TOOL_MODEL]) {
      const reply = await genai().models.generateContent({
        model,
        contents: 'List three cities.',
        config: {
          responseMimeType: 'application/json',
          responseSchema: { type: Type.ARRAY, items: { type: Type.STRING } },
        },
      });
      expect(z.array(z.string()).parse(JSON.parse(reply.text ?? ''))).toEqual(['sample']);
      expect(claude.requests.at(-1)!.body.tool_choice).toEqual({ type: 'tool', name: 'json_answer' });
    }
  });

  it('a Gemini enum reply (text/x.enum) is served by Gemini and refused elsewhere, unbilled', async () => {
    const request = (model: string) =>
      genai().models.generateContent({
        model,
        contents: 'Is this review positive?',
        config: {
          responseMimeType: 'text/x.enum',
          responseSchema: { type: Type.STRING, format: 'enum', enum: ['positive', 'negative'] },
        },
      });
    expect((await request(GEMINI_MODEL)).text).toBe('positive');
    for (const model of [OPENAI_MODEL, CLAUDE_JSON_MODEL]) {
      const { failure, spent } = await fixture.chargedFailure(() => request(model));
      expect(failure.status, model).toBe(400);
      expect(failure.message).toContain('text/x.enum');
      expect(spent).toBe(0);
    }
    expect(gemini.requests.length).toBeGreaterThan(0);
  });
});

it("OpenAI's own refusal of JSON mode without the word JSON in the prompt is relayed, unbilled", async () => {
  const before = await fixture.userQuota();
  await failureOf(
    fixture.openai.chat.completions.create({
      model: OPENAI_MODEL,
      messages: [{ role: 'user', content: 'no mention of the format' }],
      response_format: { type: 'json_object' },
    }),
  );
  expect(await fixture.userQuota()).toBe(before);
});
