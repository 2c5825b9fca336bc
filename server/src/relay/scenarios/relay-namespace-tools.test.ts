/**
 * Codex's `namespace` tools (its sub-agent tools, `multi_agent_v1`) on Claude and Gemini channels
 * (docs/formats.md, "Namespace tools"): the upstream is offered each as a flat function
 * (`ns__multi_agent_v1__spawn_agent`), and the client gets the call back in its namespace form
 * (`name: "spawn_agent", namespace: "multi_agent_v1"`), in replies and in streams; the call and its output
 * sent back in the next turn reach the upstream under the flat name again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLAUDE_TOOL_INPUT, startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import { FAKE_GEMINI_ARGS, startFakeGemini } from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const CLAUDE_MODEL = 'claude-sonnet-4-5-20250929';
const GEMINI_MODEL = 'gemini-2.5-flash';
const FLAT_NAME = 'ns__multi_agent_v1__spawn_agent';

type Json = Record<string, unknown>;

const { fixture } = setUpRelayFixture();
const vendors: Record<string, FakeVendor> = {};

beforeAll(async () => {
  ({ vendor: vendors[CLAUDE_MODEL] } = await fixture.addVendorChannel(() => startFakeClaude('sk-ant-ns'), {
    type: 14,
    key: 'sk-ant-ns',
    models: CLAUDE_MODEL,
  }));
  const geminiKey = 'AIzaNamespaceToolsKey0123456789abcdefg';
  ({ vendor: vendors[GEMINI_MODEL] } = await fixture.addVendorChannel(() => startFakeGemini(geminiKey), {
    type: 24,
    key: geminiKey,
    models: GEMINI_MODEL,
  }));
});

const subAgentTools = {
  type: 'namespace',
  name: 'multi_agent_v1',
  description: 'Tools for spawning and managing sub-agents.',
  tools: [
    {
      type: 'function',
      name: 'spawn_agent',
      description: 'Spawn a sub-agent for a well-scoped task.',
      strict: false,
      parameters: {
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
        additionalProperties: false,
      },
    },
    {
      type: 'function',
      name: 'close_agent',
      description: 'Close an agent.',
      strict: false,
      parameters: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] },
    },
  ],
};

const execCommand = {
  type: 'function',
  name: 'exec_command',
  description: 'Runs a command in a PTY.',
  strict: false,
  parameters: { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] },
};

const question = {
  type: 'message',
  role: 'user',
  content: [{ type: 'input_text', text: 'Delegate the tests.' }],
};

/** A request shaped as Codex sends it (`codex exec`, Responses wire API). */
function codexRequest(model: string, stream: boolean, input: Json[] = [question]): Json {
  return {
    model,
    instructions: 'You are Codex.',
    input,
    tools: [subAgentTools, execCommand],
    tool_choice: 'auto',
    parallel_tool_calls: true,
    reasoning: { summary: 'auto' },
    store: false,
    stream,
    include: ['reasoning.encrypted_content'],
  };
}

/** The function_call items of a reply, or of a stream's output_item.done events. */
async function functionCalls(response: Response, stream: boolean): Promise<Json[]> {
  expect(response.status).toBe(200);
  if (!stream) {
    const body = (await response.json()) as { output: Json[] };
    return body.output.filter((item) => item.type === 'function_call');
  }
  const calls: Json[] = [];
  for (const frame of (await response.text()).split('\n\n')) {
    const data = frame.split('\n').find((line) => line.startsWith('data: '));
    const event = data ? (JSON.parse(data.slice(6)) as Json) : {};
    const item = event.item as Json | undefined;
    if (event.type === 'response.output_item.done' && item?.type === 'function_call') calls.push(item);
  }
  return calls;
}

describe.each([
  [CLAUDE_MODEL, FAKE_CLAUDE_TOOL_INPUT],
  [GEMINI_MODEL, FAKE_GEMINI_ARGS],
])('Codex namespace tools on %s', (model, args) => {
  it('offer the upstream flat functions and give the client its namespaced call, reply and stream', async () => {
    const vendor = vendors[model]!;
    for (const stream of [false, true]) {
      const calls = await functionCalls(
        await fixture.postWithKey('/v1/responses', codexRequest(model, stream)),
        stream,
      );
      expect(calls, `stream: ${stream}`).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
      expect(JSON.parse(String(calls[0]?.arguments))).toEqual(args);
      const offered = declaredFunctions(vendor.requests.at(-1)!.body);
      expect(offered.map((tool) => tool.name)).toEqual([
        FLAT_NAME,
        'ns__multi_agent_v1__close_agent',
        'exec_command',
      ]);
      expect(offered[0]?.description).toContain('Tools for spawning and managing sub-agents.');
    }
  });

  it('send the call and its output of the next turn under the flat name', async () => {
    const vendor = vendors[model]!;
    const turn = [
      question,
      {
        type: 'function_call',
        call_id: 'call_spawn_1',
        name: 'spawn_agent',
        namespace: 'multi_agent_v1',
        arguments: '{"message":"run the tests"}',
      },
      { type: 'function_call_output', call_id: 'call_spawn_1', output: 'agent started: a1' },
    ];
    const response = await fixture.postWithKey('/v1/responses', codexRequest(model, false, turn));
    expect(response.status).toBe(200);
    const history = JSON.stringify(vendor.requests.at(-1)!.body);
    expect(history).toContain(`"name":"${FLAT_NAME}"`);
    expect(history).toContain('agent started: a1');
  });
});

/** The functions a Claude or Gemini body offers, with their names and descriptions. */
function declaredFunctions(body: Json): { name: string; description?: string }[] {
  if (Array.isArray(body.tools) && body.tools.every((tool: Json) => typeof tool.name === 'string'))
    return body.tools as { name: string; description?: string }[];
  const tools = (body.tools ?? []) as { functionDeclarations?: { name: string; description?: string }[] }[];
  return tools.flatMap((tool) => tool.functionDeclarations ?? []);
}
