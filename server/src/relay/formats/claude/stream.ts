/**
 * Anthropic Messages streams (`event: <type>` frames) → canonical stream events. Tool names are read back
 * to the client's (server/src/relay/canonical/tool-names.ts); the gateway's structured-output tool streams
 * as the text of its answer (./structured-output.ts), and its stop as a normal one.
 */
import type { SseMessage, StreamDecoder } from '../../canonical/codec.ts';
import { asString, errorEvent, eventObject, isRecord, stringifyArguments } from '../../canonical/helpers.ts';
import { namespaceField, OUTPUT_TOOL_NAME, readUpstreamToolName } from '../../canonical/tool-names.ts';
import type { StreamEvent } from '../../canonical/types.ts';
import type { Json } from './claude-types.ts';
import { type ClaudeUsageCounts, readUsageCounts, stopReasonFromClaude, usageFromCounts } from './reply.ts';
import { OutputValueStream } from './structured-output.ts';

/**
 * Small state only: Claude block index → canonical index (server-tool blocks are skipped, so canonical
 * indexes stay 0, 1, 2 …), the open block, the usage counts so far (message_delta may repeat some), the
 * structured-output tool's block and whether a real tool was called.
 */
export class ClaudeStreamDecoder implements StreamDecoder {
  private readonly indexes = new Map<number, number>();
  private nextIndex = 0;
  private open: number | null = null;
  private counts: ClaudeUsageCounts = {};
  /** The canonical index of the structured-output tool's block (its input streams as text), if any. */
  private outputIndex: number | null = null;
  private output: OutputValueStream | null = null;
  private calledTool = false;

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    if (!data) return [];
    const claudeIndex = typeof data.index === 'number' ? data.index : 0;
    switch (data.type ?? message.event) {
      case 'message_start': {
        const start = isRecord(data.message) ? data.message : {};
        const events: StreamEvent[] = [
          { type: 'start', id: asString(start.id) ?? '', model: asString(start.model) ?? '' },
        ];
        return [...events, ...this.usage(start.usage)];
      }
      case 'content_block_start':
        return this.blockStart(claudeIndex, isRecord(data.content_block) ? data.content_block : {});
      case 'content_block_delta': {
        const index = this.indexes.get(claudeIndex);
        if (index === undefined) return [];
        const value = isRecord(data.delta) ? data.delta : {};
        if (index === this.outputIndex) return this.outputText(index, asString(value.partial_json));
        return delta(index, value);
      }
      case 'content_block_stop': {
        const index = this.indexes.get(claudeIndex);
        if (index === undefined) return [];
        if (this.open === index) this.open = null;
        return [{ type: 'block_stop', index }];
      }
      case 'message_delta':
        return [
          ...this.usage(data.usage),
          ...stop(isRecord(data.delta) ? data.delta : {}, this.outputIndex !== null && !this.calledTool),
        ];
      case 'error': {
        const error = isRecord(data.error) ? data.error : {};
        return [errorEvent(error.message, error.type)];
      }
      default:
        // ping, message_stop and event types added later carry nothing to convert.
        return [];
    }
  }

  /** A stream cut short leaves its open block closed; the missing stop stays missing (the relay sees it). */
  end(): StreamEvent[] {
    if (this.open === null) return [];
    const index = this.open;
    this.open = null;
    return [{ type: 'block_stop', index }];
  }

  /** A usage event; input counts are reported whole (cached parts included) whenever one of them changes. */
  private usage(value: unknown): StreamEvent[] {
    const counts = readUsageCounts(value);
    this.counts = { ...this.counts, ...counts };
    const inputChanged =
      counts.input !== undefined || counts.cacheRead !== undefined || counts.cacheWrite !== undefined;
    const usage = usageFromCounts({
      ...(inputChanged ? this.counts : {}),
      ...(counts.output !== undefined ? { output: counts.output } : {}),
      ...(counts.webSearch !== undefined ? { webSearch: counts.webSearch } : {}),
    });
    return usage ? [{ type: 'usage', usage }] : [];
  }

  private blockStart(claudeIndex: number, block: Json): StreamEvent[] {
    const index = this.nextIndex;
    const opened = (events: StreamEvent[]): StreamEvent[] => {
      this.indexes.set(claudeIndex, index);
      this.nextIndex++;
      this.open = index;
      return events;
    };
    switch (block.type) {
      case 'text': {
        const text = asString(block.text);
        return opened([
          { type: 'block_start', index, block: { type: 'text' } },
          ...(text ? [{ type: 'text_delta' as const, index, text }] : []),
        ]);
      }
      case 'thinking': {
        const text = asString(block.thinking);
        const signature = asString(block.signature);
        return opened([
          { type: 'block_start', index, block: { type: 'thinking' } },
          ...(text ? [{ type: 'thinking_delta' as const, index, text }] : []),
          ...(signature ? [{ type: 'signature_delta' as const, index, signature }] : []),
        ]);
      }
      case 'redacted_thinking':
        return opened([
          {
            type: 'block_start',
            index,
            block: { type: 'redacted_thinking', data: asString(block.data) ?? '' },
          },
        ]);
      case 'tool_use': {
        const input = isRecord(block.input) && Object.keys(block.input).length > 0 ? block.input : null;
        const name = asString(block.name) ?? '';
        if (name === OUTPUT_TOOL_NAME) {
          this.outputIndex = index;
          this.output = new OutputValueStream();
          const events = opened([{ type: 'block_start', index, block: { type: 'text' } }]);
          return input ? [...events, ...this.outputText(index, stringifyArguments(input))] : events;
        }
        this.calledTool = true;
        const tool = readUpstreamToolName(name);
        return opened([
          {
            type: 'block_start',
            index,
            block: {
              type: 'tool_call',
              id: asString(block.id) ?? '',
              name: tool.name,
              ...namespaceField(tool.namespace),
            },
          },
          ...(input ? [{ type: 'arguments_delta' as const, index, json: stringifyArguments(input) }] : []),
        ]);
      }
      default:
        // Server tool use and its results (web search …) have no canonical form.
        return [];
    }
  }

  /** A piece of the structured-output tool's input as the answer's text. */
  private outputText(index: number, json: string | undefined): StreamEvent[] {
    const text = json && this.output ? this.output.push(json) : '';
    return text ? [{ type: 'text_delta', index, text }] : [];
  }
}

function delta(index: number, value: Json): StreamEvent[] {
  switch (value.type) {
    case 'text_delta':
      return [{ type: 'text_delta', index, text: asString(value.text) ?? '' }];
    case 'thinking_delta':
      return [{ type: 'thinking_delta', index, text: asString(value.thinking) ?? '' }];
    case 'signature_delta':
      return [{ type: 'signature_delta', index, signature: asString(value.signature) ?? '' }];
    case 'input_json_delta': {
      const json = asString(value.partial_json) ?? '';
      return json ? [{ type: 'arguments_delta', index, json }] : [];
    }
    default:
      return [];
  }
}

/** The stop; `answered` when the structured-output tool was the only call (the turn ended normally). */
function stop(value: Json, answered: boolean): StreamEvent[] {
  if (typeof value.stop_reason !== 'string') return [];
  const stopSequence = asString(value.stop_sequence);
  const reason = stopReasonFromClaude(value.stop_reason);
  return [
    {
      type: 'stop',
      reason: answered && reason === 'tool_use' ? 'end_turn' : reason,
      ...(stopSequence ? { stopSequence } : {}),
    },
  ];
}
