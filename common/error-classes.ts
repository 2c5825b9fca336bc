/**
 * The classes an upstream failure is sorted into, and what the relay does with each (docs/limits.md): try
 * the next channel or return the error to the client, how long the channel cools down, whether it is
 * disabled. Configured by the `traffic_setting.error_policy` option (server/src/options/catalogue-traffic.ts),
 * whose stored value overrides these defaults class by class. Shared by the server and the web console: no
 * node or react imports.
 */

export const ERROR_CLASSES = [
  'rate_limited',
  'overloaded',
  'quota_exhausted',
  'context_too_long',
  'content_policy',
  'bad_request',
  'auth',
  'not_found',
  'server_error',
  'network',
  'timeout',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

/** `retry`: try the next channel; `return`: give the client this error now. */
export const ERROR_ACTIONS = ['retry', 'return'] as const;
export type ErrorAction = (typeof ERROR_ACTIONS)[number];

export interface ErrorPolicy {
  action: ErrorAction;
  /** Seconds the channel is skipped after this error; 0 none, -1 the upstream's Retry-After. */
  cooldown_seconds: number;
  /** Disable the channel (its key, for a multi-key channel), as new-api's automatic disabling does. */
  disable: boolean;
}

/** The smallest `cooldown_seconds`: -1 means "as long as the upstream's Retry-After says". */
export const COOLDOWN_FROM_RETRY_AFTER = -1;

export const DEFAULT_ERROR_POLICY: Readonly<Record<ErrorClass, Readonly<ErrorPolicy>>> = {
  rate_limited: { action: 'retry', cooldown_seconds: COOLDOWN_FROM_RETRY_AFTER, disable: false },
  overloaded: { action: 'retry', cooldown_seconds: 10, disable: false },
  quota_exhausted: { action: 'retry', cooldown_seconds: 0, disable: true },
  context_too_long: { action: 'return', cooldown_seconds: 0, disable: false },
  content_policy: { action: 'return', cooldown_seconds: 0, disable: false },
  bad_request: { action: 'return', cooldown_seconds: 0, disable: false },
  auth: { action: 'retry', cooldown_seconds: 0, disable: true },
  not_found: { action: 'retry', cooldown_seconds: 0, disable: false },
  server_error: { action: 'retry', cooldown_seconds: 0, disable: false },
  network: { action: 'retry', cooldown_seconds: 5, disable: false },
  timeout: { action: 'retry', cooldown_seconds: 0, disable: false },
};

export function isErrorClass(value: string): value is ErrorClass {
  return (ERROR_CLASSES as readonly string[]).includes(value);
}
