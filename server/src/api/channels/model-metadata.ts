/**
 * What upstream model lists say about their models, read for the model catalogue
 * (docs/model-catalogue.md "Filled from fetched model lists"): when an admin fetches a channel's model list,
 * the list reply is read once more here for descriptions, limits and modalities. Pure and tolerant: fields
 * missing or of another type are skipped; an entry that says nothing beyond its id is not described.
 *
 * - OpenRouter `GET /api/v1/models`: `data[]` of {id, name, description, context_length,
 *   architecture.{input_modalities, output_modalities}, top_provider.max_completion_tokens, created}.
 * - Gemini `GET /v1beta/models`: `models[]` of {name: "models/…", displayName, description,
 *   inputTokenLimit, outputTokenLimit}.
 * - Anthropic `GET /v1/models`: `data[]` of {id, type: "model", display_name, created_at (RFC 3339)}.
 * - OpenAI `GET /v1/models`: `data[]` of {id, object, created, owned_by}: nothing to describe.
 */
import type { AppContext } from '../../context.ts';
import type { FetchedDescription } from '../models-catalogue/fetched-descriptions.ts';

/** The catalogue fields an upstream can fill (columns of server/src/db/schema-catalogue.ts `models`). */
export type ModelDescription = FetchedDescription;

type Entry = Record<string, unknown>;

const isRecord = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A positive whole number that fits the catalogue's integer columns. */
const limit = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647
    ? value
    : undefined;

const modalities = (value: unknown): string | undefined => {
  if (!Array.isArray(value)) return undefined;
  const names = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return names.length > 0 ? names.map((name) => name.trim()).join(',') : undefined;
};

const dateOfSeconds = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? new Date(value * 1000).toISOString().slice(0, 10)
    : undefined;

const dateOfText = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
};

/** The entry's fields that say something, or null when none does. */
function described(fields: ModelDescription): ModelDescription | null {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined);
  return present.length > 0 ? (Object.fromEntries(present) as ModelDescription) : null;
}

/** A Gemini `models[]` entry. */
function geminiEntry(entry: Entry): [string, ModelDescription | null] | null {
  const id = text(entry.name)?.replace(/^models\//, '');
  if (!id) return null;
  return [
    id,
    described({
      description: text(entry.description) ?? text(entry.displayName),
      context_length: limit(entry.inputTokenLimit),
      max_output_tokens: limit(entry.outputTokenLimit),
    }),
  ];
}

/** An OpenRouter or Anthropic `data[]` entry (an OpenAI one says nothing). */
function dataEntry(entry: Entry): [string, ModelDescription | null] | null {
  const id = text(entry.id);
  if (!id) return null;
  const architecture = isRecord(entry.architecture) ? entry.architecture : {};
  const provider = isRecord(entry.top_provider) ? entry.top_provider : {};
  const isOpenRouter = 'architecture' in entry || 'context_length' in entry || 'pricing' in entry;
  return [
    id,
    described({
      description:
        text(entry.description) ?? text(entry.display_name) ?? (isOpenRouter ? text(entry.name) : undefined),
      context_length: limit(entry.context_length),
      max_output_tokens: limit(provider.max_completion_tokens),
      input_modalities: modalities(architecture.input_modalities),
      output_modalities: modalities(architecture.output_modalities),
      // OpenAI's `created` is when the id was registered, not a release: only OpenRouter's and Anthropic's count.
      release_date: dateOfText(entry.created_at) ?? (isOpenRouter ? dateOfSeconds(entry.created) : undefined),
    }),
  ];
}

/** The models a model-list reply describes, by id (the ids as fetch_models lists them). */
export function modelDescriptions(reply: unknown): Map<string, ModelDescription> {
  const result = new Map<string, ModelDescription>();
  if (!isRecord(reply)) return result;
  const entries: [string, ModelDescription | null][] = [];
  if (Array.isArray(reply.models)) {
    for (const entry of reply.models) if (isRecord(entry)) entries.push(geminiEntry(entry) ?? ['', null]);
  }
  if (Array.isArray(reply.data)) {
    for (const entry of reply.data) if (isRecord(entry)) entries.push(dataEntry(entry) ?? ['', null]);
  }
  for (const [id, description] of entries)
    if (id && description && !result.has(id)) result.set(id, description);
  return result;
}

/**
 * A copy of `context` whose upstream client keeps the JSON replies it reads, so that the model list the
 * shared query fetched (server/src/relay/providers/account-queries.ts fetchUpstreamModels) is read here
 * without a second request. Every other call goes to the real client.
 */
export function recordingContext(context: AppContext): { context: AppContext; replies: unknown[] } {
  const replies: unknown[] = [];
  const upstream = context.upstream;
  const recording: typeof upstream = Object.create(upstream);
  recording.getJson = async (...args: Parameters<typeof upstream.getJson>) => {
    const reply = await upstream.getJson(...args);
    replies.push(reply);
    return reply;
  };
  return { context: { ...context, upstream: recording }, replies };
}
