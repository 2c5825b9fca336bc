import { useState } from 'react';
import type { ApiReply } from '../../../common/api-types.ts';
import { RESEND_WAIT_SECONDS } from '../../../common/limits.ts';
import { showError, showSuccess } from './feedback.ts';
import { useCountdown } from './use-countdown.ts';

export type ReplyRequest = () => Promise<ApiReply<unknown>>;

/**
 * Runs one request and reports its reply: success calls `onSuccess`, a failed reply or a thrown error
 * becomes an error toast; `busy` is true while it runs.
 */
export function useReplyAction(): {
  busy: boolean;
  run: (request: ReplyRequest, onSuccess: () => void) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const run = async (request: ReplyRequest, onSuccess: () => void) => {
    setBusy(true);
    try {
      const reply = await request();
      if (reply.success) {
        onSuccess();
      } else {
        showError(reply.message);
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** What `useResendAction` gives a send button: the countdown, the busy flag and the send itself. */
export interface ResendAction {
  remaining: number;
  sending: boolean;
  send: (request: ReplyRequest, sentText: string) => Promise<void>;
}

/**
 * Sends something by email (a code, a reset link): on success `sentText` is toasted and a resend waits
 * RESEND_WAIT_SECONDS (common/limits.ts).
 */
export function useResendAction(): ResendAction {
  const { remaining, start } = useCountdown(RESEND_WAIT_SECONDS);
  const { busy, run } = useReplyAction();
  const send = (request: ReplyRequest, sentText: string) =>
    run(request, () => {
      showSuccess(sentText);
      start();
    });
  return { remaining, sending: busy, send };
}
