/**
 * Creating N tokens is N POST calls, one after another (docs/reference/console-validation.md "Token form"). The run stops at the
 * first failure so that a refused payload is not sent again and again; the outcome says how many
 * tokens exist now, so a partial failure can be reported clearly.
 */
import type { ApiReply } from '../../../../common/api-types.ts';
import type { TokenPayload, TokenView } from '../../api/tokens.ts';

export interface CreateOutcome {
  total: number;
  created: number;
  /** The reason of the call that failed, or null when every token was created. */
  failure: string | null;
  /** True when the HTTP client already showed that failure (an HTTP error rather than a refusal). */
  failureShown: boolean;
}

function wasShown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { shown?: unknown }).shown === true;
}

export async function createTokensInSequence(
  payload: TokenPayload,
  names: readonly string[],
  create: (payload: TokenPayload) => Promise<ApiReply<TokenView>>,
): Promise<CreateOutcome> {
  let created = 0;
  for (const name of names) {
    let failure: string | null = null;
    let failureShown = false;
    try {
      const reply = await create({ ...payload, name });
      if (!reply.success) failure = reply.message;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      failureShown = wasShown(error);
    }
    if (failure !== null) return { total: names.length, created, failure, failureShown };
    created += 1;
  }
  return { total: names.length, created, failure: null, failureShown: false };
}

export type OutcomeReport =
  | { level: 'success'; key: string; values: { count: number } }
  | { level: 'warning'; key: string; values: { created: number; total: number; reason: string } }
  | { level: 'error'; reason: string; alreadyShown: boolean };

/** How the drawer reports an outcome: all created, some created (warning with the reason), or none. */
export function outcomeReport(outcome: CreateOutcome): OutcomeReport {
  if (outcome.failure === null) {
    return outcome.total === 1
      ? { level: 'success', key: 'tokens.create.success', values: { count: 1 } }
      : { level: 'success', key: 'tokens.create.successMany', values: { count: outcome.created } };
  }
  if (outcome.created === 0)
    return { level: 'error', reason: outcome.failure, alreadyShown: outcome.failureShown };
  return {
    level: 'warning',
    key: 'tokens.create.partial',
    values: { created: outcome.created, total: outcome.total, reason: outcome.failure },
  };
}
