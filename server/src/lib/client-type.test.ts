import { describe, expect, it } from 'vitest';
import { clientTypeOf } from './client-type.ts';

describe('clientTypeOf', () => {
  it.each([
    ['OpenAI/JS 5.23.0', 'openai-node'],
    ['OpenAI/Python 1.54.0', 'openai-python'],
    ['curl/8.5.0', 'curl'],
    ['python-requests/2.31', 'python-http'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'browser'],
    ['node', 'node-http'],
    ['SomethingElse/1', 'other'],
    [undefined, 'unknown'],
  ])('%s -> %s', (agent, expected) => {
    expect(clientTypeOf(agent)).toBe(expected);
  });
});
