/**
 * GET /v1/models (the models the key may use), GET /v1/models/{model}, and GET /v1beta/openai/models
 * (Gemini's OpenAI-compatible list, in OpenAI's shape). The billing dashboard endpoints are in
 * server/src/relay/http/billing-compat.ts.
 *
 * The models routes answer three clients on one path, told apart by where the key comes (docs/formats.md,
 * "Model lists"): a Claude client (x-api-key or anthropic-version) gets Anthropic's shapes and errors; a
 * Gemini client (x-goog-api-key or ?key=, no Authorization) exactly what /v1beta/models answers
 * (@google/genai with apiVersion 'v1' lists and gets models here) and Gemini's errors; anyone else OpenAI's.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTO_GROUP } from '../../../../common/limits.ts';
import type { AppContext } from '../../context.ts';
import type { GatewayError } from '../../lib/errors.ts';
import { geminiModelsReply } from '../formats/gemini/codec.ts';
import { autoGroupModels } from '../routing/auto-group.ts';
import { authenticateKey, type KeySurface, type RelayCaller } from './auth.ts';
import { relayError } from './errors.ts';
import { errorRenderer } from './format-surface.ts';

const CREATED = 1_677_649_963;

export function usableModels(context: AppContext, caller: RelayCaller): string[] {
  const models =
    caller.usingGroup === AUTO_GROUP
      ? autoGroupModels(context, caller)
      : context.channelCache.modelsOfGroup(caller.usingGroup);
  const limits = caller.token?.modelLimits;
  return (limits ? models.filter((model) => limits.has(model)) : models).sort();
}

function modelObject(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'switchyard' };
}

/** Anthropic's model object, for a Claude client (modelsClientOf). */
function claudeModelObject(id: string) {
  return { type: 'model', id, display_name: id, created_at: new Date(CREATED * 1000).toISOString() };
}

type ModelsClient = Extract<KeySurface, 'openai' | 'claude' | 'gemini'>;

function hasHeader(request: FastifyRequest, name: string): boolean {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.length > 0;
}

/**
 * Which client asks, by where its key comes: x-api-key or anthropic-version is a Claude client; a key in
 * x-goog-api-key or ?key= without Authorization a Gemini client; anything else an OpenAI client.
 */
function modelsClientOf(request: FastifyRequest): ModelsClient {
  if (hasHeader(request, 'anthropic-version') || hasHeader(request, 'x-api-key')) return 'claude';
  if (hasHeader(request, 'authorization')) return 'openai';
  const queryKey = (request.query as Record<string, unknown>).key;
  const keyInQuery = typeof queryKey === 'string' ? queryKey.trim() !== '' : queryKey !== undefined;
  return hasHeader(request, 'x-goog-api-key') || keyInQuery ? 'gemini' : 'openai';
}

/** `GET /v1beta/models` (and /v1/models for a Gemini client): the models the key may use. */
export function geminiModelList(context: AppContext, caller: RelayCaller) {
  return geminiModelsReply(usableModels(context, caller));
}

/** `GET /v1beta/models/{model}` (and /v1/models/{model} for a Gemini client); 404 when not usable. */
export function geminiModel(context: AppContext, caller: RelayCaller, model: string) {
  if (!usableModels(context, caller).includes(model))
    throw relayError(404, 'model_not_found', `models/${model} is not found`);
  return geminiModelsReply([model]).models[0];
}

/** Errors of Claude and Gemini clients in their own format; OpenAI clients' go to the scope's renderer. */
const clientErrorRenderers = { claude: errorRenderer('claude'), gemini: errorRenderer('gemini') };

/** Runs `answer` for `client`; an error of a Claude or Gemini client is rendered in its format. */
function answerIn(
  client: ModelsClient,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: () => unknown,
): unknown {
  try {
    return answer();
  } catch (error) {
    if (client === 'openai') throw error;
    clientErrorRenderers[client](error as FastifyError | GatewayError, request, reply);
    return reply;
  }
}

export async function registerModelRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.get('/v1/models', async (request, reply) => {
    const client = modelsClientOf(request);
    return answerIn(client, request, reply, () => {
      const caller = authenticateKey(context, request, client);
      if (client === 'gemini') return geminiModelList(context, caller);
      const models = usableModels(context, caller);
      if (client === 'openai') return { object: 'list', data: models.map(modelObject) };
      return {
        data: models.map(claudeModelObject),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      };
    });
  });

  scope.get('/v1/models/:model', async (request, reply) => {
    const client = modelsClientOf(request);
    return answerIn(client, request, reply, () => {
      const caller = authenticateKey(context, request, client);
      const model = (request.params as { model: string }).model;
      if (client === 'gemini') return geminiModel(context, caller, model);
      if (!usableModels(context, caller).includes(model))
        throw relayError(404, 'model_not_found', `model ${model} does not exist`);
      return client === 'claude' ? claudeModelObject(model) : modelObject(model);
    });
  });

  // Gemini's OpenAI-compatible model list (new-api serves it as /v1/models answers an OpenAI client); the key
  // comes as Gemini's OpenAI endpoint sends it (Bearer), or in x-goog-api-key / ?key=.
  scope.get('/v1beta/openai/models', async (request) => {
    const caller = authenticateKey(context, request, 'gemini');
    return { object: 'list', data: usableModels(context, caller).map(modelObject) };
  });
}
