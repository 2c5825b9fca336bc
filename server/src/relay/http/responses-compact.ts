/**
 * `POST /v1/responses/compact`: OpenAI's Responses compaction (the openai SDK's `responses.compact`), relayed
 * as new-api relays it (router/relay-router.go, middleware/distributor.go there): routed and priced by
 * `<model>-openai-compact` (server/src/relay/billing/model-lookup.ts; `*-openai-compact` prices every such
 * model without an entry of its own), sent to `/v1/responses/compact` of a channel whose type serves the
 * Responses API with the model itself (after the channel's mapping), the reply passed through and billed by
 * its usage. Compaction returns encrypted items only OpenAI's Responses API can produce or read, so it is
 * never converted to another upstream format. A call continuing a stored response (`previous_response_id`)
 * goes to the channel that stores it, as /v1/responses does.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { COMPACT_MODEL_SUFFIX } from '../billing/model-lookup.ts';
import { admitAndRelay } from '../call/admission.ts';
import { callerOf, keyFirst } from './auth.ts';
import { relayError } from './errors.ts';
import { storedResponseChannel } from './format-routes.ts';
import { bodyModel, errorRenderer, readBody } from './format-surface.ts';

export async function registerResponsesCompact(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('openai-responses'));
  scope.post('/v1/responses/compact', { preParsing: keyFirst(context, 'openai') }, async (request, reply) => {
    const caller = callerOf(request);
    const body = readBody(request);
    const model = bodyModel(body);
    if (!model) throw relayError(400, 'invalid_request', 'the request must name a model');
    if (body.stream === true)
      throw relayError(400, 'invalid_request', 'a compaction is answered whole: remove stream');
    const storedAtChannelId = await storedResponseChannel(context, caller, body);
    await admitAndRelay(context, request, reply, {
      endpoint: 'responses-compact',
      caller,
      body,
      model: model.endsWith(COMPACT_MODEL_SUFFIX) ? model : `${model}${COMPACT_MODEL_SUFFIX}`,
      stream: false,
      ...(storedAtChannelId !== undefined ? { storedAtChannelId } : {}),
    });
    return reply;
  });
}
