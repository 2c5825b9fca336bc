/** A failure rendered in the client's format (server/src/relay/call/call-state.ts sendFailure). */
import { codecFor } from '../call/conversion.ts';
import type { WireFormat } from '../canonical/codec.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { UpstreamFailure } from '../routing/health.ts';

export function sendFormatFailure(
  reply: RelayReply,
  format: WireFormat,
  requestId: string,
  failure: UpstreamFailure,
): void {
  const status = failure.status >= 400 ? failure.status : 502;
  reply.code(status).send(
    codecFor(format).errorBody({
      status,
      message: `${failure.message} (request id: ${requestId})`,
      type: failure.type ?? 'upstream_error',
      code: failure.code ?? null,
    }),
  );
}
