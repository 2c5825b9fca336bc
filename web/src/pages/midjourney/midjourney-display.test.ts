import { describe, expect, it } from 'vitest';
import { drawingActionLabel, submitResultLabel } from './midjourney-display.ts';

describe('drawingActionLabel', () => {
  it.each([
    ['IMAGINE', 'midjourney.action.imagine', 'blue'],
    ['UPSCALE', 'midjourney.action.upscale', 'orange'],
    ['VARIATION', 'midjourney.action.variation', 'purple'],
    ['DESCRIBE', 'midjourney.action.describe', 'gold'],
    ['BLEND', 'midjourney.action.blend', 'lime'],
    ['REROLL', 'midjourney.action.reroll', 'geekblue'],
    ['INPAINT', 'midjourney.action.inpaint', 'volcano'],
    ['ZOOM', 'midjourney.action.zoom', 'cyan'],
    ['PAN', 'midjourney.action.pan', 'cyan'],
    ['SWAP_FACE', 'midjourney.action.swapFace', 'green'],
    ['SHORTEN', 'midjourney.action.shorten', 'magenta'],
    ['UPLOAD', 'midjourney.action.upload', 'blue'],
    ['VIDEO', 'midjourney.action.video', 'orange'],
    ['EDITS', 'midjourney.action.edits', 'orange'],
    ['MODAL', 'midjourney.action.modal', 'green'],
    ['', 'midjourney.action.unknown', 'default'],
    ['imagine', 'midjourney.action.unknown', 'default'],
  ])('%j is %s in %s', (action, key, color) => {
    expect(drawingActionLabel(action)).toEqual({ key, color });
  });
});

describe('submitResultLabel', () => {
  it.each([
    [1, 'midjourney.code.submitted', 'green'],
    [21, 'midjourney.code.waiting', 'lime'],
    [22, 'midjourney.code.duplicate', 'orange'],
    [0, 'midjourney.code.notSubmitted', 'gold'],
    [4, 'midjourney.code.unknown', 'default'],
  ])('%d is %s in %s', (code, key, color) => {
    expect(submitResultLabel(code)).toEqual({ key, color });
  });
});
