/** A realtime session's upstream headers carry the channel's header_override (server/src/relay/cache/header-override.ts). */
import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../../db/schema.ts';
import { toCachedChannel } from '../cache/channel-cache.ts';
import { realtimeTarget } from './upstream.ts';

function row(fields: Partial<ChannelRow>): ChannelRow {
  return {
    id: 7,
    type: 1,
    name: 'realtime',
    key: 'rt-key',
    status: 1,
    base_url: 'https://upstream.example',
    models: 'gpt-4o-realtime-preview',
    group: 'default',
    ...fields,
  } as ChannelRow;
}

describe('realtimeTarget with a header override', () => {
  it.each([
    ['none', null, { authorization: 'Bearer rt-key', 'openai-beta': 'realtime=v1' }],
    [
      'placeholders resolved with the key the session uses',
      JSON.stringify({ 'X-Team': 'blue', Authorization: 'Token {api_key}' }),
      { authorization: 'Token rt-key', 'openai-beta': 'realtime=v1', 'x-team': 'blue' },
    ],
  ])('%s', (_name, headerOverride, headers) => {
    const channel = toCachedChannel(row({ header_override: headerOverride }));
    expect(realtimeTarget(channel, 'gpt-4o-realtime-preview', 'realtime=v1')?.headers).toEqual(headers);
  });

  it('uses the chosen key of a multi-key channel', () => {
    const channel = toCachedChannel(
      row({
        key: 'rt-a\nrt-b',
        channel_info: JSON.stringify({ is_multi_key: true, multi_key_mode: 'polling' }),
        header_override: JSON.stringify({ 'X-Key': '{api_key}' }),
      }),
    );
    const second = channel.keySet!.views[1]!;
    expect(realtimeTarget(second, 'gpt-4o-realtime-preview', null)?.headers).toEqual({
      authorization: 'Bearer rt-b',
      'x-key': 'rt-b',
    });
  });
});
