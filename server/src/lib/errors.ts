/**
 * The one error type (principle 4 of docs/reference/design-principles.md). Each surface renders it its own way: /api as
 * {success:false, message} (HTTP 200 for a business failure, 4xx for bad input or permissions), the
 * relay in the provider's error format. `code` is a message-catalogue key when one exists.
 */
import type { MessageKey, MessageParams } from './messages.ts';

export interface GatewayErrorInit {
  status: number;
  code: MessageKey | (string & {});
  message?: string;
  params?: MessageParams;
  retryable?: boolean;
  retryAfterSeconds?: number;
}

export class GatewayError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: MessageParams | undefined;
  readonly retryable: boolean;
  /** Seconds a refused client should wait (a traffic limit): sent as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: GatewayErrorInit) {
    super(init.message ?? init.code);
    this.name = 'GatewayError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.retryable = init.retryable ?? false;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** A business failure: HTTP 200 with success:false and a human message. */
export const businessFailure = (code: MessageKey, params?: MessageParams) =>
  new GatewayError({ status: 200, code, params });
export const badRequest = (code: MessageKey, params?: MessageParams) =>
  new GatewayError({ status: 400, code, params });
export const unauthorized = (code: MessageKey, params?: MessageParams) =>
  new GatewayError({ status: 401, code, params });
export const forbidden = (code: MessageKey, params?: MessageParams) =>
  new GatewayError({ status: 403, code, params });
export const notFound = (code: MessageKey, params?: MessageParams) =>
  new GatewayError({ status: 404, code, params });
