/**
 * ERROR_LOG_ENABLED (README "Configuration"): a relay call answered with an upstream failure (every
 * channel tried refused or broke before any output) is recorded as a log row of type 5 ("error" in the
 * console's log type filter), with the failure's message as content and its status, code and type in `other` — and the
 * routing trail (`attempts`: each channel tried and why it was left; `fallback`: ./trail.ts). Calls the
 * client abandoned are not errors. One row per call, written through the batch writer like every log row.
 */
import { LogType } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { CallState, Ending } from './call-state.ts';
import { errorFormat } from './relay-call.ts';
import { trailLogFields } from './trail.ts';

export function recordErrorLog(context: AppContext, state: CallState, final: Ending): void {
  const failure = state.failure;
  if (!context.config.errorLogEnabled || !failure) return;
  if (final.outcome === 'completed' || final.outcome === 'client_aborted') return;
  const { caller } = state.call;
  const channelId = final.channel?.id ?? state.tried.at(-1) ?? 0;
  context.writer.appendLog({
    user_id: caller.user.id,
    username: caller.user.username,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.error,
    content: failure.message,
    token_name: caller.tokenName,
    token_id: caller.token?.id ?? 0,
    model_name: state.call.model,
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: Math.round((Date.now() - state.startedAt) / 1000),
    is_stream: state.stream ? 1 : 0,
    channel_id: channelId,
    group: caller.usingGroup,
    ip: caller.user.recordIpLog ? caller.clientIp : '',
    other: JSON.stringify({
      status_code: failure.status,
      error_code: failure.code ?? null,
      error_type: failure.type ?? null,
      request_format: errorFormat(state.call),
      request_id: state.requestId,
      admin_info: { use_channel: state.tried },
      ...trailLogFields(state),
    }),
  });
}
