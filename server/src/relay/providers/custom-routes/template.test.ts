import { describe, expect, it } from 'vitest';
import { renderBodyTemplate, renderText, type TemplateValues } from './template.ts';

const values: TemplateValues = {
  model: 'team-model',
  apiKey: 'sk-upstream',
  stream: true,
  request: {
    model: 'team-model',
    messages: [{ role: 'user', content: 'Hi' }],
    temperature: 0.2,
    metadata: { tenant: 'acme', empty: null },
  },
};

describe('renderText', () => {
  it.each([
    ['Bearer {api_key}', 'Bearer sk-upstream'],
    ['/deployments/{model}/chat', '/deployments/team-model/chat'],
    ['{model}:{stream}', 'team-model:true'],
    ['tenant-{request.metadata.tenant}', 'tenant-acme'],
    ['{request.messages.0}', '{"role":"user","content":"Hi"}'],
    ['missing:{request.nowhere.deep}', 'missing:'],
    ['null:{request.metadata.empty}', 'null:'],
    ['{not_a_placeholder} and {}', '{not_a_placeholder} and {}'],
    ['{request.messages.x}', ''],
  ])('%s → %s', (text, expected) => {
    expect(renderText(text, values)).toBe(expected);
  });
});

describe('renderBodyTemplate', () => {
  it('puts whole values in place, keeping their type', () => {
    const template = {
      engine: '{model}',
      conversation: '{request.messages}',
      options: { temperature: '{request.temperature}', stream: '{stream}' },
      whole: '{request}',
    };
    expect(renderBodyTemplate(template, values)).toEqual({
      engine: 'team-model',
      conversation: [{ role: 'user', content: 'Hi' }],
      options: { temperature: 0.2, stream: true },
      whole: values.request,
    });
  });

  it('leaves out a field whose placeholder names nothing, and writes null for such a list item', () => {
    const template = { top_p: '{request.top_p}', list: ['{request.top_p}', 'x'], kept: 1 };
    expect(renderBodyTemplate(template, values)).toEqual({ list: [null, 'x'], kept: 1 });
  });

  it('interpolates placeholders inside text and keeps literal values', () => {
    const template = { prompt: 'User said: {request.messages.0.content}', n: 2, flag: false, none: null };
    expect(renderBodyTemplate(template, values)).toEqual({
      prompt: 'User said: Hi',
      n: 2,
      flag: false,
      none: null,
    });
  });

  it('does not read inherited properties', () => {
    expect(renderBodyTemplate({ x: '{request.constructor}' }, values)).toEqual({});
  });
});
