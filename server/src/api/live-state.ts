/**
 * What a live view of a user or token needs: the stored row lags behind the balances held in memory
 * (`accounts`, context.accounts answers with a superset) and the counters still queued in the batch writer.
 */
import type { BatchWriter } from '../db/batch-writer.ts';

export interface LiveState<Accounts> {
  accounts: Accounts;
  writer: Pick<BatchWriter, 'pendingDelta'>;
}
