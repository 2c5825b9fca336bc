import { describe, expect, it } from 'vitest';
import { initialTagEditValues, prepareTagEdit, type TagEditValues } from './tag-edit-rules.ts';

const untouched = initialTagEditValues('team');

describe('initialTagEditValues', () => {
  it('starts with the current tag and every other field empty', () => {
    expect(untouched).toEqual({
      new_tag: 'team',
      models: [],
      groups: [],
      model_mapping: '',
      priority: null,
      weight: null,
      header_override: '',
    });
  });
});

describe('prepareTagEdit', () => {
  it.each<[string, Partial<TagEditValues>, string, boolean]>([
    ['nothing changed', {}, 'channels.tagEdit.noChange', true],
    ['only blanks', { model_mapping: '  ', priority: ' ', weight: '' }, 'channels.tagEdit.noChange', true],
    ['the same tag with spaces', { new_tag: ' team ' }, 'channels.tagEdit.noChange', true],
    ['a mapping that is not JSON', { model_mapping: '{x}' }, 'channels.validation.modelMappingJson', false],
    ['a fractional priority', { priority: '1.5' }, 'channels.tagEdit.priorityInteger', false],
    ['a text priority', { priority: 'high' }, 'channels.tagEdit.priorityInteger', false],
    ['a negative weight', { weight: '-1' }, 'channels.tagEdit.weightInvalid', false],
    ['a fractional weight', { weight: 2.5 }, 'channels.tagEdit.weightInvalid', false],
    [
      'a header override that is not JSON',
      { header_override: '{x' },
      'channels.validation.headerOverrideJson',
      false,
    ],
    [
      'a header override that is an array',
      { header_override: '["X-Team"]' },
      'channels.validation.headerOverrideJson',
      false,
    ],
    [
      'a header override that is text',
      { header_override: '"X-Team"' },
      'channels.validation.headerOverrideJson',
      false,
    ],
  ])('refuses %s', (_case, overrides, error, noChange) => {
    expect(prepareTagEdit('team', { ...untouched, ...overrides })).toEqual({ ok: false, error, noChange });
  });

  it('sends only the changed fields', () => {
    expect(
      prepareTagEdit('team', {
        ...untouched,
        new_tag: 'team-2',
        models: ['gpt-4o', ' o3 ', 'gpt-4o'],
        groups: ['default', 'vip'],
        model_mapping: ' {"a":"b"} ',
        priority: '-5',
        weight: 0,
        header_override: ' {"X-Team":"blue"} ',
      }),
    ).toEqual({
      ok: true,
      dissolves: false,
      payload: {
        tag: 'team',
        new_tag: 'team-2',
        models: 'gpt-4o,o3',
        groups: ['default', 'vip'],
        model_mapping: '{"a":"b"}',
        priority: -5,
        weight: 0,
        header_override: '{"X-Team":"blue"}',
      },
    });
  });

  it('dissolves the tag when the new tag is emptied', () => {
    expect(prepareTagEdit('team', { ...untouched, new_tag: '  ' })).toEqual({
      ok: true,
      dissolves: true,
      payload: { tag: 'team', new_tag: '' },
    });
  });

  it('accepts a numeric priority alone', () => {
    expect(prepareTagEdit('team', { ...untouched, priority: 10 })).toEqual({
      ok: true,
      dissolves: false,
      payload: { tag: 'team', priority: 10 },
    });
  });

  it('accepts a header override alone, and leaves it unchanged when blank', () => {
    expect(
      prepareTagEdit('team', { ...untouched, header_override: '{"Authorization":"Bearer {api_key}"}' }),
    ).toEqual({
      ok: true,
      dissolves: false,
      payload: { tag: 'team', header_override: '{"Authorization":"Bearer {api_key}"}' },
    });
    expect(prepareTagEdit('team', { ...untouched, header_override: '  ' })).toEqual({
      ok: false,
      error: 'channels.tagEdit.noChange',
      noChange: true,
    });
  });
});
