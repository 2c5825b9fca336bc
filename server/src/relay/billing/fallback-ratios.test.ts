import { describe, expect, it } from 'vitest';
import {
  builtInAudioCompletionRatios,
  builtInAudioRatios,
  completionRatioFamilies,
} from './fallback-ratios.ts';

describe('built-in audio ratios', () => {
  // Audio price over the text price of the same model: prompt side and completion side.
  it.each([
    ['gpt-4o-audio-preview', 16, 8],
    ['gpt-4o-mini-audio-preview', 66.666667, 33.333333],
    ['gpt-4o-realtime-preview', 8, 4],
    ['gpt-4o-mini-realtime-preview', 16.666667, 8.333333],
    ['gpt-audio', 12.8, 6.4],
    ['gpt-realtime', 8, 4],
  ])('%s: audio %s, audio completion %s', (model, audioRatio, audioCompletionRatio) => {
    expect(builtInAudioRatios[model]).toBe(audioRatio);
    expect(builtInAudioCompletionRatios[model]).toBe(audioCompletionRatio);
  });
});

describe('completion ratio families', () => {
  it('holds only positive ratios', () => {
    for (const ratio of Object.values(completionRatioFamilies)) expect(ratio).toBeGreaterThan(0);
  });
});
