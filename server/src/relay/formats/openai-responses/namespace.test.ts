/**
 * Namespace tools (Codex's sub-agent tools) through the codecs: read from a Responses request with their
 * namespace, sent flat to formats without namespaces and read back, written back in their namespace form
 * to the Responses client, and regrouped for a Responses upstream.
 */
import { describe, expect, it } from 'vitest';
import { decodeStreamText, encodeStreamEvents } from '../../../test-support/codec-streams.ts';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { claudeCodec } from '../claude/codec.ts';
import { geminiCodec } from '../gemini/codec.ts';
import { openAiChatCodec } from '../openai/chat-codec.ts';
import { canonicalReply, toolCallBlock } from '../test-events.ts';
import { responsesCodec as codec } from './codec.ts';

const namespaceTool = {
  type: 'namespace',
  name: 'multi_agent_v1',
  description: 'Tools for sub-agents.',
  tools: [
    { type: 'function', name: 'spawn_agent', description: 'Spawn one.', parameters: { type: 'object' } },
    { type: 'custom', name: 'notes', description: 'Free text.' },
  ],
};

function decode(body: Record<string, unknown>): CanonicalRequest {
  return codec.decodeRequest({ model: 'm', ...body }, { model: 'm', stream: false });
}

describe('namespace tools from a Responses client', () => {
  const request = decode({
    input: [
      { type: 'message', role: 'user', content: 'Go' },
      {
        type: 'function_call',
        call_id: 'c1',
        name: 'spawn_agent',
        namespace: 'multi_agent_v1',
        arguments: '{}',
      },
      { type: 'function_call_output', call_id: 'c1', output: 'ok' },
    ],
    tools: [namespaceTool, { type: 'function', name: 'exec_command', parameters: { type: 'object' } }],
    tool_choice: { type: 'function', name: 'spawn_agent', namespace: 'multi_agent_v1' },
  });

  it('are read with their namespace, calls and tool choice too', () => {
    expect(request.tools.map(({ name, namespace }) => ({ name, namespace }))).toEqual([
      { name: 'spawn_agent', namespace: 'multi_agent_v1' },
      { name: 'notes', namespace: 'multi_agent_v1' },
      { name: 'exec_command', namespace: undefined },
    ]);
    expect(request.tools[0]?.namespaceDescription).toBe('Tools for sub-agents.');
    expect(request.messages[1]?.content[0]).toMatchObject({
      name: 'spawn_agent',
      namespace: 'multi_agent_v1',
    });
    expect(request.toolChoice).toEqual({ type: 'tool', name: 'spawn_agent', namespace: 'multi_agent_v1' });
  });

  it.each([
    ['Claude', () => claudeCodec.encodeRequest(request)],
    ['OpenAI Chat', () => openAiChatCodec.encodeRequest(request)],
    ['Gemini', () => geminiCodec.encodeRequest(request)],
  ])('reach %s flat, history and tool choice included', (_, encode) => {
    const body = JSON.stringify(encode());
    expect(body).toContain('"ns__multi_agent_v1__spawn_agent"');
    expect(body).toContain('"ns__multi_agent_v1__notes"');
    expect(body).not.toContain('"spawn_agent"');
    expect(body).toContain('Tools for sub-agents.');
  });

  it('are grouped back into their namespace tool for a Responses upstream', () => {
    const body = codec.encodeRequest(request);
    expect((body.tools as { type: string; name: string }[]).map(({ type, name }) => [type, name])).toEqual([
      ['namespace', 'multi_agent_v1'],
      ['function', 'exec_command'],
    ]);
    expect((body.tools as { tools?: unknown[] }[])[0]?.tools).toHaveLength(2);
    expect(JSON.stringify(body.input)).toContain('"namespace":"multi_agent_v1"');
    expect(body.tool_choice).toEqual({ type: 'function', name: 'spawn_agent', namespace: 'multi_agent_v1' });
  });
});

describe('calls of flat names read back in their namespace form', () => {
  it('from an OpenAI Chat reply, to the Responses client', () => {
    const reply = openAiChatCodec.decodeReply({
      id: 'chatcmpl-1',
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c1',
                type: 'function',
                function: { name: 'ns__multi_agent_v1__spawn_agent', arguments: '{}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
    expect(reply.content[0]).toMatchObject({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
    const output = codec.encodeReply(reply) as { output: Record<string, unknown>[] };
    expect(output.output[0]).toMatchObject({
      type: 'function_call',
      name: 'spawn_agent',
      namespace: 'multi_agent_v1',
    });
  });

  it('from a Gemini stream, to the Responses client stream', () => {
    const call = { name: 'ns__multi_agent_v1__spawn_agent', args: { message: 'x' } };
    const events = decodeStreamText(
      geminiCodec,
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ functionCall: call }] }, finishReason: 'STOP' }], responseId: 'r1' })}\n\n`,
    );
    expect(events).toContainEqual({
      type: 'block_start',
      index: 0,
      block: { type: 'tool_call', id: 'call_r1_0', name: 'spawn_agent', namespace: 'multi_agent_v1' },
    });
    const text = encodeStreamEvents(codec, { id: 'resp_1', model: 'm', created: 1, includeUsage: false }, [
      ...toolCallBlock(0, { id: 'c1', name: 'spawn_agent', namespace: 'multi_agent_v1' }, '{}'),
      { type: 'stop', reason: 'tool_use' },
    ]);
    expect(text).toContain('"name":"spawn_agent","namespace":"multi_agent_v1"');
    expect(codec.encodeReply(canonicalReply([]))).toMatchObject({ output: [] });
  });
});
