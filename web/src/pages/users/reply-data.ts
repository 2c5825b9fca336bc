/**
 * Turns a {success, message, data} reply into its data or a failure, and shows failures once.
 * HTTP failures arrive as ApiError and were already shown by the shared client.
 */
import { useEffect } from 'react';
import type { ApiReply } from '../../../../common/api-types.ts';
import { ApiError } from '../../api/client.ts';
import { showError } from '../../components/feedback.ts';

/** A reply with success:false; its message is the server's human-readable reason. */
export class BusinessFailure extends Error {
  override readonly name = 'BusinessFailure';
}

/** Returns the reply's data, or throws a BusinessFailure carrying the server message. */
export function unwrapReply<T>(reply: ApiReply<T>): T {
  if (!reply.success) throw new BusinessFailure(reply.message);
  return reply.data as T;
}

/** Throws a BusinessFailure when the reply failed; for calls whose data is not needed. */
export function ensureSuccess(reply: ApiReply<unknown>): void {
  if (!reply.success) throw new BusinessFailure(reply.message);
}

/** Shows an error toast for a failure the shared client has not shown already. */
export function reportFailure(error: unknown): void {
  if (error instanceof ApiError) return;
  showError(error instanceof Error ? error.message : String(error));
}

/** Shows a query's failure once per distinct error object. */
export function useReportedError(error: unknown): void {
  useEffect(() => {
    if (error) reportFailure(error);
  }, [error]);
}
