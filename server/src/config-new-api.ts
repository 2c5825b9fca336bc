/**
 * new-api's environment variables that Switchyard does not honour, each with the reason, named at boot in
 * one warning line when an operator's environment sets any of them (server/src/config.ts reads the
 * environment; docs/migrating.md has the whole table, the honoured ones included).
 */

/** Variable → why Switchyard ignores it (what to use instead, where there is something). */
export const ignoredNewApiVariables: Readonly<Record<string, string>> = {
  FRONTEND_BASE_URL:
    'every instance serves the console itself (WEB_DIST_PATH); put a reverse proxy in front to send it elsewhere',
  TIKTOKEN_CACHE_DIR: 'the tokenizer is bundled (gpt-tokenizer); nothing is downloaded or cached',
  DATA_GYM_CACHE_DIR: 'the tokenizer is bundled (gpt-tokenizer); nothing is downloaded or cached',
  GEMINI_SAFETY_SETTING: 'set in the console instead: the option gemini.safety_settings (default OFF)',
  COHERE_SAFETY_SETTING: 'Cohere requests carry no safety mode; Cohere applies its own default',
  GEMINI_VISION_MAX_IMAGE_NUM: 'images are not counted or cut; Gemini refuses a request it cannot take',
  MAX_FILE_DOWNLOAD_MB: 'image and file URLs are passed to the upstream, not downloaded by the gateway',
  FORCE_STREAM_OPTION:
    'always on: streamed requests ask upstreams that honour it for usage (stream_options.include_usage); others are counted',
  NOTIFY_LIMIT_COUNT: 'a quota warning is sent once each time the balance falls below the threshold',
  NOTIFICATION_LIMIT_DURATION_MINUTE:
    'a quota warning is sent once each time the balance falls below the threshold',
  TLS_INSECURE_SKIP_VERIFY:
    'upstream certificates are always verified; add a private CA with NODE_EXTRA_CA_CERTS instead',
  STREAM_SCANNER_MAX_BUFFER_MB: 'streams are read incrementally; one event may be up to 32 MB (fixed)',
  ENABLE_PPROF: "Go's profiler; profile Node with --cpu-prof or --inspect (docs/operations.md)",
  GET_MEDIA_TOKEN:
    "images are always estimated at a fixed cost by detail before the call and billed by the upstream's usage after it",
  GET_MEDIA_TOKEN_NOT_STREAM:
    "images are always estimated at a fixed cost by detail before the call and billed by the upstream's usage after it",
  DIFY_DEBUG: "Dify's workflow and node progress events are not relayed; its answer text is",
};

/**
 * The one boot warning naming the ignored variables the environment sets (with their reasons), or null
 * when it sets none.
 */
export function ignoredVariablesWarning(environment: Record<string, string | undefined>): string | null {
  const named = Object.entries(ignoredNewApiVariables)
    .filter(([name]) => (environment[name] ?? '').trim() !== '')
    .map(([name, reason]) => `${name} (${reason})`);
  if (named.length === 0) return null;
  return `new-api settings ignored: ${named.join('; ')} — docs/migrating.md`;
}
