import { describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  fieldKinds,
  initialFormValues,
  normalisedValues,
  optionField,
} from './field-spec.ts';

const fields: FieldSpec[] = [
  { key: 'ServerAddress', kind: 'text', label: 'x', stripSlash: true },
  { key: 'RegisterEnabled', kind: 'switch', label: 'x' },
  { key: 'SMTPToken', kind: 'secret', label: 'x' },
  { key: 'RetryTimes', kind: 'number', label: 'x' },
];

describe('field specs', () => {
  it.each<[Parameters<typeof optionField>, FieldSpec]>([
    [['RetryTimes', 'number'], { key: 'RetryTimes', kind: 'number', label: 'settings.field.RetryTimes' }],
    [
      ['Chats', 'json', { help: true }],
      { key: 'Chats', kind: 'json', label: 'settings.field.Chats', help: 'settings.help.Chats' },
    ],
    [
      ['oidc.well_known', 'text', { name: 'oidcWellKnown', help: true, address: true }],
      {
        key: 'oidc.well_known',
        kind: 'text',
        label: 'settings.field.oidcWellKnown',
        help: 'settings.help.oidcWellKnown',
        address: true,
      },
    ],
    [
      ['claude.x', 'number', { name: 'thinkingPercentage', help: 'settings.help.claudeThinking', min: 1 }],
      {
        key: 'claude.x',
        kind: 'number',
        label: 'settings.field.thinkingPercentage',
        help: 'settings.help.claudeThinking',
        min: 1,
      },
    ],
  ])('builds optionField(%o)', (args, expected) => {
    expect(optionField(...args)).toEqual(expected);
  });

  it('maps keys to kinds', () => {
    expect(fieldKinds(fields)).toEqual({
      ServerAddress: 'text',
      RegisterEnabled: 'switch',
      SMTPToken: 'secret',
      RetryTimes: 'number',
    });
  });

  it('reads the loaded strings as form values (secrets empty)', () => {
    expect(
      initialFormValues(fields, { ServerAddress: 'https://a/', RegisterEnabled: 'true', RetryTimes: '3' }),
    ).toEqual({ ServerAddress: 'https://a/', RegisterEnabled: true, SMTPToken: '', RetryTimes: 3 });
  });

  it.each([
    ['https://a.example/', 'https://a.example'],
    ['https://a.example', 'https://a.example'],
  ])('strips %s to %s', (input, expected) => {
    expect(normalisedValues(fields, { ServerAddress: input, RetryTimes: 1 })).toEqual({
      ServerAddress: expected,
      RetryTimes: 1,
    });
  });
});
