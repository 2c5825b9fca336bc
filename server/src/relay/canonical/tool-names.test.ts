import { describe, expect, it } from 'vitest';
import { OUTPUT_TOOL_NAME, readUpstreamToolName, upstreamToolName } from './tool-names.ts';

describe('tool names at upstreams without namespaces', () => {
  it.each<[string, string | undefined, string]>([
    ['spawn_agent', 'multi_agent_v1', 'ns__multi_agent_v1__spawn_agent'],
    ['read__file', 'fs', 'ns__fs__read__file'],
    ['exec_command', undefined, 'exec_command'],
    // Claude Code's MCP tools keep their names.
    ['mcp__github__search', undefined, 'mcp__github__search'],
    // Names that would read as namespaced, and the gateway's own output tool, are escaped.
    ['ns__a__b', undefined, 'ns____ns__a__b'],
    ['ns__x', undefined, 'ns____ns__x'],
    [OUTPUT_TOOL_NAME, undefined, `ns____${OUTPUT_TOOL_NAME}`],
  ])('%s in namespace %s is %s, and reads back', (name, namespace, flat) => {
    expect(upstreamToolName(name, namespace)).toBe(flat);
    expect(readUpstreamToolName(flat)).toEqual(namespace ? { name, namespace } : { name });
  });

  it('reads names it never made as plain names', () => {
    for (const name of ['ns__', 'ns__abc', 'ns__abc__', 'get_weather'])
      expect(readUpstreamToolName(name)).toEqual({ name });
  });

  it('refuses a namespace holding the separator, and a flat name past 64 characters', () => {
    expect(() => upstreamToolName('t', 'a__b')).toThrow(/cannot be told apart/);
    expect(() => upstreamToolName('t'.repeat(40), 'n'.repeat(30))).toThrow(/longer than the 64 characters/);
  });
});
