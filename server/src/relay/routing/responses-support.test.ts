import { describe, expect, it } from 'vitest';
import { lacksResponsesApi, lacksResponsesRoute, markLacksResponsesApi } from './responses-support.ts';

describe('lacksResponsesRoute', () => {
  it.each([
    [404, '{"error":{"message":"Invalid URL (POST /v1/responses)"}}', true],
    [404, '404 page not found', true],
    [405, '', true],
    [404, '{"error":{"message":"The model `gpt-9` does not exist","code":"model_not_found"}}', false],
    [400, 'bad request', false],
    [500, '', false],
  ])('%i %s → %s', (status, body, expected) => {
    expect(lacksResponsesRoute(status, body)).toBe(expected);
  });

  it('remembers a channel for an hour', () => {
    markLacksResponsesApi(9001, 1_000);
    expect(lacksResponsesApi(9001, 1_000 + 59 * 60_000)).toBe(true);
    expect(lacksResponsesApi(9001, 1_000 + 61 * 60_000)).toBe(false);
    expect(lacksResponsesApi(9002, 1_000)).toBe(false);
  });
});
