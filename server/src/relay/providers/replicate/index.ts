/**
 * Replicate (channel type 56): image generation on OpenAI's image route through Replicate's predictions
 * API, with the API token as a Bearer token (docs/providers/coze-replicate.md). What new-api's adaptor
 * serves: images only (FLUX models such as `black-forest-labs/flux-1.1-pro`, its default); Replicate's
 * language models are not relayed. The request is mapped in ./request.ts, the prediction run and waited for
 * in ./transport.ts.
 */
import type { UpstreamResponse } from '../../../lib/http-client.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor, TransportInput } from '../types.ts';
import { predictionInput, predictionTarget } from './request.ts';
import { runPrediction, wantsBase64 } from './transport.ts';

export const REPLICATE_DEFAULT_BASE_URL = 'https://api.replicate.com';

function replicateBase(channelBase: string): string {
  return baseUrl(channelBase.trim(), REPLICATE_DEFAULT_BASE_URL);
}

export const replicateAdaptor: ProviderAdaptor = {
  name: 'replicate',
  formats: [],

  supportsStreamUsage: () => false,

  buildRequest({ channel, endpoint, body, upstreamModel }) {
    if (endpoint !== 'images') return null;
    const target = predictionTarget(replicateBase(channel.baseUrl), upstreamModel, predictionInput(body));
    const request = jsonPost(target.url, target.body, false, {
      authorization: `Bearer ${channel.key}`,
      // Replicate holds the reply until the prediction is done (up to a minute); ./transport.ts polls after.
      prefer: 'wait',
    });
    if (body.response_format === 'b64_json') wantsBase64.add(request);
    return request;
  },

  transport(input: TransportInput): Promise<UpstreamResponse> {
    return runPrediction(input, replicateBase(input.channel.baseUrl));
  },
};
