/**
 * What every relay scope (the /v1 routes, the task platforms' routes) puts in front of its calls: the
 * system-load guard's 503 (./load-guard.ts) and compressed request bodies decoded lazily, after the key,
 * within the body limit (./compressed-body.ts; docs/decisions/0010-relay-admission-and-usage-bounds.md).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { decodeCompressedBodies } from './compressed-body.ts';
import { refuseWhenOverloaded } from './load-guard.ts';

export function guardRelayScope(
  scope: FastifyInstance,
  context: AppContext,
  options: { allMethods?: boolean } = {},
): void {
  scope.decorateRequest('bodyEncoding', null);
  scope.addHook('onRequest', refuseWhenOverloaded(context, options));
  scope.addHook('preParsing', decodeCompressedBodies(context.config.maxRequestBodyBytes));
}
