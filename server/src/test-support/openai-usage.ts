/**
 * The usage object OpenAI's Chat Completions API reports, with every detail field it sends, all
 * zero: the expected value of tests that check a usage passes through or is reported as OpenAI does
 * (server/src/test-support/fake-upstream/fake-upstream.test.ts). Written out here rather than taken from
 * the fake upstream's replies (fake-upstream/replies.ts), so that those tests still check the fake's shape.
 */
export function openaiUsage(promptTokens: number, completionTokens: number) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}
