/**
 * The shape of a channel-type entry (common/channel-types.ts holds the entries): what a type serves — its
 * capabilities —, how its key is checked, which fields the channel form shows for it, and how the shared
 * OpenAI-compatible adaptor speaks to it. Plain data, read by the server and the console alike.
 */

/** The OpenAI routes a channel can serve, as the relay names them (server/src/relay/providers/types.ts). */
export const CHANNEL_ENDPOINTS = [
  'chat',
  'completions',
  'embeddings',
  'moderations',
  'images',
  'speech',
  'rerank',
  'transcriptions',
  'translations',
  'image-edits',
  'image-variations',
  // OpenAI's Responses compaction (POST /v1/responses/compact): only types that serve the Responses API.
  'responses-compact',
] as const;

export type ChannelEndpoint = (typeof CHANNEL_ENDPOINTS)[number];

/**
 * Asynchronous task platforms (docs/tasks.md): Midjourney-Proxy, Suno, the video platforms of new-api's
 * generic video route with channel types of their own — Kling, Jimeng, Vidu, Doubao video (Seedance) —
 * Veo, served by Gemini channels (type 24) that list a Veo model, Wan by Ali channels (type 17) and Hailuo
 * by MiniMax channels (type 35).
 */
export const TASK_PLATFORMS = [
  'mj',
  'suno',
  'kling',
  'jimeng',
  'vidu',
  'doubao-video',
  'veo',
  'wan',
  'hailuo',
] as const;

export type TaskPlatform = (typeof TASK_PLATFORMS)[number];

/**
 * What a call needs of its channel, and what a type serves: an OpenAI route (conversations in any client
 * format are `chat`), the Realtime API (docs/realtime.md), OpenAI's video API `videos` (a task on the task
 * engine) or a task platform.
 */
export type ChannelCapability = ChannelEndpoint | 'realtime' | 'videos' | TaskPlatform;

/** Every capability, for tables over all of them. */
export const CHANNEL_CAPABILITIES: readonly ChannelCapability[] = [
  ...CHANNEL_ENDPOINTS,
  'realtime',
  'videos',
  ...TASK_PLATFORMS,
];

/** What is served as a task (submitted, then polled: docs/tasks.md): the task platforms and `videos`. */
export const TASK_CAPABILITIES = [...TASK_PLATFORMS, 'videos'] as const;

export type TaskCapability = (typeof TASK_CAPABILITIES)[number];

export function isTaskCapability(capability: ChannelCapability): capability is TaskCapability {
  return (TASK_CAPABILITIES as readonly string[]).includes(capability);
}

/** How the shared OpenAI-compatible adaptor (server/src/relay/providers/openai-compatible/) reaches a type. */
export interface OpenAiCompatibleConfig {
  /** Used when the channel has no base URL; empty means the channel must set one. */
  defaultBaseUrl: string;
  /**
   * How the key is sent: as a Bearer token, unless in Azure's `api-key` header or, with 'none-if-empty',
   * not at all when the channel has none (a local server).
   */
  auth?: 'api-key' | 'none-if-empty';
  /** Whether stream_options.include_usage is accepted upstream. */
  streamUsage: boolean;
  /** Azure: deployment URLs with api-version. */
  azure?: boolean;
  /** Serves the Responses API at `<base>/v1/responses` (conversations pass through in that format). */
  responses?: boolean;
  /**
   * Paths under the base URL where they differ from OpenAI's (`/v1/chat/completions` …); a function of
   * the model where the model decides (Volcengine bots); `{other}` is replaced by the channel's `other`.
   */
  paths?: Partial<Record<ChannelEndpoint, string | ((model: string) => string)>>;
}

/** The key format hints the console has texts for (`channels.form.keyHint.<hint>`). */
export type KeyHint = 'baidu' | 'iflytek' | 'fastgpt' | 'tencent' | 'aws' | 'vertex';

/** How a type's key is entered and checked. Absent: any non-empty text (the server's adaptor may say more). */
export interface ChannelKeyRule {
  /** The key may be left empty: a local server the relay then sends no credentials to. */
  optional?: boolean;
  /** The key is a JSON object (a service-account document), entered in a multi-line box. */
  json?: boolean;
  /** The format the console describes in the key box. */
  hint?: KeyHint;
}

/** Base URL texts the console has (`channels.form.baseUrl.<kind>`); 'default' when the form says none. */
export type BaseUrlKind = 'midjourney' | 'azure' | 'custom' | 'fastgpt' | 'suno' | 'volcengine';

/** `other` field texts the console has (`channels.form.other.<kind>`). */
export type OtherKind = 'azure' | 'iflytek' | 'knowledgeBase' | 'cloudflare' | 'vertex' | 'cozeBot';

/** Notices the console has (`channels.form.notice.<kind>`). */
export type NoticeKind =
  | 'azure'
  | 'custom'
  | 'aws'
  | 'suno'
  | 'dify'
  | 'siliconcloud'
  | 'vertex'
  | 'volcengine';

/** What a type's `other` column holds, and the rules on it. */
export interface OtherFieldFacts {
  kind: OtherKind;
  multiline?: boolean;
  /** Text the console's 'fill template' link puts in the field. */
  template?: string;
  /** Stored when a channel is created without one (the console fills it in too). */
  default?: string;
  /** A channel of the type is refused without it (checked when saved). */
  required?: boolean;
}

/** The type-specific parts of the channel form. */
export interface ChannelFormFacts {
  baseUrl?: BaseUrlKind;
  /** Requests cannot go anywhere without an address of the operator's choosing. */
  baseUrlRequired?: boolean;
  /** Addresses offered in a list (the field still accepts any address). */
  baseUrlOptions?: readonly string[];
  other?: OtherFieldFacts;
  notice?: { kind: 'info' | 'warning'; text: NoticeKind };
  /** The OpenAI organization field shows, and the relay sends it (`OpenAI-Organization`). */
  organization?: boolean;
}

/**
 * Why a known type is refused for good (not merely not served yet): 'subscription-account' for a consumer
 * subscription login whose terms forbid relaying it through a shared gateway (docs/providers/new-api-types.md).
 */
export type RefusalKind = 'subscription-account';

/** One channel type. */
export interface ChannelTypeFacts {
  id: number;
  /** The provider's name as the console and messages show it. */
  name: string;
  /** Everything a channel of the type can serve; empty for a type the gateway knows but cannot serve. */
  serves: readonly ChannelCapability[];
  /** Set on a type that serves nothing on purpose: the reason its channels are refused. */
  refusal?: RefusalKind;
  key?: ChannelKeyRule;
  form?: ChannelFormFacts;
  /** Set for the types the shared OpenAI-compatible adaptor serves (wholly or in part). */
  openAiCompatible?: OpenAiCompatibleConfig;
  /** The model names the channel form offers for the type (GET /api/models). */
  models?: readonly string[];
}

/** Volcengine Ark's regional addresses, offered in the base URL field. */
export const VOLCENGINE_BASE_URLS = [
  'https://ark.cn-beijing.volces.com',
  'https://ark.ap-southeast.bytepluses.com',
] as const;

/** Vertex AI's region setting as a JSON template: a default region and one per model. */
export const VERTEX_REGION_TEMPLATE = JSON.stringify(
  { default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' },
  null,
  2,
);
