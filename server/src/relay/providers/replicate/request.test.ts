/**
 * Replicate's prediction from OpenAI's image request (./request.ts) and a prediction's state
 * (./transport.ts): the FLUX size mapping, the inputs taken from the request, where the prediction is
 * created, and what each prediction status means.
 */
import { describe, expect, it } from 'vitest';
import { fluxSide, fluxSize, predictionInput, predictionTarget } from './request.ts';
import { predictionState, replicateErrorText } from './transport.ts';

describe('FLUX sizes', () => {
  it.each([
    ['1024x1024', { aspect_ratio: '1:1' }],
    ['512x512', { aspect_ratio: '1:1' }],
    ['1792x1024', { aspect_ratio: '16:9' }],
    ['1024x1792', { aspect_ratio: '9:16' }],
    ['1536x1024', { aspect_ratio: '3:2' }],
    ['1024x1536', { aspect_ratio: '2:3' }],
    ['1280x720', { aspect_ratio: '16:9' }],
    ['800x1000', { aspect_ratio: '4:5' }],
    ['1000x600', { aspect_ratio: 'custom', width: 992, height: 608 }],
    ['3000x100', { aspect_ratio: 'custom', width: 1440, height: 256 }],
    ['auto', {}],
    ['0x512', {}],
  ])('%s is %o', (size, expected) => {
    expect(fluxSize(size)).toEqual(expected);
  });

  it.each([
    [100, 256],
    [256, 256],
    [271, 256],
    [272, 288],
    [1439, 1440],
    [5000, 1440],
  ])('side %i becomes %i', (side, expected) => {
    expect(fluxSide(side)).toBe(expected);
  });
});

describe('prediction inputs', () => {
  it('take the prompt, size, count, format and quality, with the client’s own input over them', () => {
    expect(
      predictionInput({
        model: 'black-forest-labs/flux-schnell',
        prompt: 'a fox',
        size: '1024x1024',
        n: 3,
        output_format: 'png',
        quality: 'high',
        response_format: 'url',
        input: { output_quality: 90, aspect_ratio: '21:9' },
      }),
    ).toEqual({
      prompt: 'a fox',
      aspect_ratio: '21:9',
      num_outputs: 3,
      output_format: 'png',
      prompt_upsampling: true,
      output_quality: 90,
    });
    expect(predictionInput({ prompt: 'a fox', quality: 'standard' })).toEqual({ prompt: 'a fox' });
  });

  it('are created under the model’s name, or at /v1/predictions for a pinned version', () => {
    expect(
      predictionTarget('https://api.replicate.com', 'black-forest-labs/flux-1.1-pro', { prompt: 'x' }),
    ).toEqual({
      url: 'https://api.replicate.com/v1/models/black-forest-labs/flux-1.1-pro/predictions',
      body: { input: { prompt: 'x' } },
    });
    expect(
      predictionTarget('https://api.replicate.com', 'stability-ai/sdxl:39ed52f2a78e', { prompt: 'x' }),
    ).toEqual({
      url: 'https://api.replicate.com/v1/predictions',
      body: { version: '39ed52f2a78e', input: { prompt: 'x' } },
    });
  });
});

describe('prediction states', () => {
  it.each([
    [
      { id: 'p1', status: 'succeeded', output: 'https://replicate.delivery/a.webp' },
      { state: 'succeeded', urls: ['https://replicate.delivery/a.webp'] },
    ],
    [
      {
        id: 'p1',
        status: 'succeeded',
        output: ['https://replicate.delivery/a.webp', ' https://replicate.delivery/b.webp '],
      },
      {
        state: 'succeeded',
        urls: ['https://replicate.delivery/a.webp', 'https://replicate.delivery/b.webp'],
      },
    ],
    [
      { id: 'p1', status: 'succeeded', output: null },
      { state: 'failed', message: expect.stringContaining('without an output') },
    ],
    [
      { id: 'p1', status: 'failed', error: 'NSFW content detected' },
      { state: 'failed', message: expect.stringContaining('NSFW content detected') },
    ],
    [
      { id: 'p1', status: 'failed', error: { detail: 'content rejected' } },
      { state: 'failed', message: expect.stringContaining('content rejected') },
    ],
    [
      { id: 'p1', status: 'canceled', error: null },
      { state: 'failed', message: 'the Replicate prediction canceled: no reason given' },
    ],
    [
      { id: 'p1', status: 'starting' },
      { state: 'running', id: 'p1' },
    ],
    [
      { id: 'p1', status: 'processing', output: ['https://replicate.delivery/partial.webp'] },
      { state: 'running', id: 'p1' },
    ],
    [{ status: 'processing' }, { state: 'failed', message: expect.stringContaining('without its id') }],
    ['not a prediction', { state: 'failed', message: expect.stringContaining('without a prediction') }],
  ])('%o is %o', (prediction, expected) => {
    expect(predictionState(prediction)).toEqual(expected);
  });

  it('read Replicate’s error texts', () => {
    expect(
      replicateErrorText({
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      }),
    ).toBe('You did not pass a valid authentication token');
    expect(replicateErrorText({ title: 'Not found', status: 404 })).toBe('Not found');
    expect(replicateErrorText({})).toBeNull();
  });
});
