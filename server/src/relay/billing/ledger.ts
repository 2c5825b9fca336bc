/**
 * The quota ledger (docs/reference/billing.md): reserves quota before a call is sent and settles it exactly once
 * afterwards. Balances change in memory at once (AccountCache) and in the database through the batch
 * writer, so the relay never waits on the database and nothing is lost or counted twice.
 */
import { type LogFacts, logFactColumns, logFacts, otherWithFacts } from '../../../../common/log-facts.ts';
import { LogType, TokenStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { SharedReservation } from '../cache/shared-balances.ts';
import type { RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';
import type { GroupPricing, ModelPricing } from './pricing.ts';
import { logPricingDetails } from './pricing-log.ts';
import type { Settlement } from './settlement.ts';
import {
  type AllowanceTake,
  applyAllowanceTake,
  planAllowanceTake,
  settleFromAllowance,
} from './subscription-ledger.ts';

/** Refuses a caller for lack of quota: `balance` of the user or the key against what the call needs. */
export function quotaRefusal(
  who: 'user' | 'token',
  balance: number,
  amount: number,
  kind: 'reserve' | 'floor',
): Error {
  const code = who === 'user' ? 'insufficient_user_quota' : 'insufficient_token_quota';
  const subject = who === 'user' ? 'the user quota' : 'the API key quota';
  const need =
    kind === 'floor'
      ? `cannot cover even the least this request can cost (${amount})`
      : `cannot cover this request (${amount})`;
  return relayError(403, code, `${subject} (${balance}) ${need}`);
}

/**
 * Takes `amount` from the user and the token, or refuses with 403 when either cannot cover it. The
 * reservation is journaled as open under `requestId` until applySettlement closes it (a restart refunds
 * it otherwise: server/src/db/ledger-journal.ts). With balances shared through Redis the check and the
 * take are one atomic step there, which also refuses a caller whose balance cannot cover `floor` (the
 * least the request can cost) or is used up: see reserveShared. When `model` is given and one of the
 * user's subscription allowances covers it, the allowance is taken from first and only the rest from the
 * balances, in the same journal line (./subscription-ledger.ts; docs/subscriptions.md "Charging").
 */
export function reserveQuota(
  context: AppContext,
  caller: RelayCaller,
  amount: number,
  requestId: string,
  floor = 0,
  model?: string,
): void | Promise<void> {
  const take = amount > 0 ? planAllowanceTake(caller.user, model, amount) : null;
  if (context.accounts.sharesBalances) return reserveShared(context, caller, amount, requestId, floor, take);
  if (amount <= 0) return;
  const rest = amount - (take?.covered ?? 0);
  if (caller.user.quota < rest) throw quotaRefusal('user', caller.user.quota, rest, 'reserve');
  const token = caller.token;
  if (token && !token.unlimited && token.remainQuota < rest)
    throw quotaRefusal('token', token.remainQuota, rest, 'reserve');
  context.writer.group({ open: requestId }, () => {
    if (take) applyAllowanceTake(context.writer, take, requestId);
    context.accounts.changeBalance(caller.user.id, token?.id ?? null, -rest);
  });
}

/**
 * The shared-balance reservation. The balances held in this process may be behind the other
 * instances', so every refusal for lack of quota is decided here, on Redis's values, with the texts a
 * single instance gives: used up (the key then turns exhausted), below the floor, or short of `amount`.
 * An allowance's part is taken from this instance's memory (docs/subscriptions.md "Several instances").
 */
async function reserveShared(
  context: AppContext,
  caller: RelayCaller,
  amount: number,
  requestId: string,
  floor: number,
  take: AllowanceTake | null,
): Promise<void> {
  const covered = take?.covered ?? 0;
  const taken = Math.max(amount - covered, 0);
  const need = take ? taken : Math.max(taken, floor, 1);
  const token = caller.token;
  let outcome: SharedReservation;
  try {
    outcome = await context.accounts.reserveShared(caller.user.id, token?.id ?? null, taken, need, (charge) =>
      context.writer.group({ open: requestId }, () => {
        if (take) applyAllowanceTake(context.writer, take, requestId);
        charge();
      }),
    );
  } catch (error) {
    // Without the shared balances no instance can know what the caller may spend: refuse, retryably.
    context.logger.error({ err: error }, 'shared balances (Redis) unreachable');
    throw relayError(503, 'balance_store_unavailable', 'the balance store is unreachable; try again shortly');
  }
  if (outcome.status === 'taken') {
    // Nothing was taken from the balances (the allowance covers the estimate): the allowance still is.
    if (take && taken === 0)
      context.writer.group({ open: requestId }, () => applyAllowanceTake(context.writer, take, requestId));
    return;
  }
  if (outcome.status === 'user_short') {
    if (outcome.user <= 0) throw relayError(403, 'insufficient_user_quota', 'the user quota is used up');
    throw outcome.user < floor
      ? quotaRefusal('user', outcome.user, floor, 'floor')
      : quotaRefusal('user', outcome.user, taken, 'reserve');
  }
  const balance = outcome.token ?? 0;
  if (balance <= 0 && token) {
    context.accounts.setTokenStatus(token.id, TokenStatus.exhausted);
    throw relayError(401, 'token_exhausted', 'the quota of this API key is used up');
  }
  throw balance < floor
    ? quotaRefusal('token', balance, floor, 'floor')
    : quotaRefusal('token', balance, taken, 'reserve');
}

export interface CallRecord {
  caller: RelayCaller;
  requestId: string;
  model: string;
  upstreamModel: string;
  channelId: number;
  channelName: string;
  triedChannels: readonly number[];
  pricing: ModelPricing;
  group: GroupPricing;
  settlement: Settlement;
  isStream: boolean;
  /** Seconds the call took. */
  useTime: number;
  /** Milliseconds to the first byte written to the client (streams), or null. */
  firstResponseMs: number | null;
  extra?: Record<string, unknown>;
}

/** The facts of a consumption row's sentence: the price or ratios the call was charged at. */
function describeCharge(pricing: ModelPricing, group: GroupPricing): LogFacts {
  if (pricing.kind === 'per_call')
    return logFacts('log.consume_per_call', {
      model_price: pricing.modelPrice,
      group_ratio: group.groupRatio,
    });
  return logFacts('log.consume_per_token', {
    model_ratio: pricing.modelRatio,
    completion_ratio: pricing.completionRatio,
    group_ratio: group.groupRatio,
  });
}

interface ChargeText {
  facts: LogFacts;
  content: string;
}

/**
 * The charge's facts and stored sentence, kept per pricing and group pair: the relay hands out the same
 * frozen pricing objects while the options are unchanged (server/src/relay/call/call-pricing.ts), so most
 * calls find theirs here. The sentence shows ratios and prices only, never a quota amount, so the site's
 * quota display does not enter it.
 */
const chargeTexts = new WeakMap<ModelPricing, WeakMap<GroupPricing, ChargeText>>();

function chargeText(context: AppContext, pricing: ModelPricing, group: GroupPricing): ChargeText {
  let byGroup = chargeTexts.get(pricing);
  if (!byGroup) {
    byGroup = new WeakMap();
    chargeTexts.set(pricing, byGroup);
  }
  let text = byGroup.get(group);
  if (!text) {
    const facts = describeCharge(pricing, group);
    text = { facts, content: logFactColumns(context.options, facts).content };
    byGroup.set(group, text);
  }
  return text;
}

/**
 * Applies a settlement once: balance correction, usage counters, exhaustion, the consumption log — all
 * journaled as one line that also closes the call's reservation.
 */
export function applySettlement(context: AppContext, record: CallRecord): void {
  context.writer.group({ close: record.requestId }, () => recordSettlement(context, record));
}

function recordSettlement(context: AppContext, record: CallRecord): void {
  const { caller, settlement } = record;
  const { accounts, writer } = context;
  const token = caller.token;
  // The allowance's share is corrected first; the balance pays the rest of the price (docs/subscriptions.md).
  const allowance = settleFromAllowance(
    writer,
    caller.user,
    record.model,
    settlement.finalQuota,
    record.requestId,
  );
  accounts.changeBalance(caller.user.id, token?.id ?? null, -settlement.delta + allowance.balanceCredit);
  context.quotaWarnings.check(caller.user, settlement.finalQuota);
  if (
    settlement.finalQuota <= 0 &&
    settlement.usage.promptTokens === 0 &&
    settlement.usage.completionTokens === 0
  )
    return;
  const now = Math.floor(Date.now() / 1000);
  writer.increment('users', caller.user.id, { used_quota: settlement.finalQuota, request_count: 1 });
  if (token) {
    writer.increment('tokens', token.id, { used_quota: settlement.finalQuota });
    writer.assign('tokens', token.id, { accessed_time: now });
    if (!token.unlimited && token.remainQuota <= 0 && token.status === TokenStatus.enabled) {
      accounts.setTokenStatus(token.id, TokenStatus.exhausted);
    }
  }
  if (record.channelId > 0)
    writer.increment('channels', record.channelId, { used_quota: settlement.finalQuota });
  context.quotaData.record(caller.user.id, caller.user.username, record.model, now, settlement);
  if (!context.options.getBoolean('LogConsumeEnabled')) return;
  // One object, filled in place (the relay's busiest allocation): the pricing details, then the call's facts.
  const other: Record<string, unknown> = logPricingDetails({
    pricing: record.pricing,
    usage: settlement.usage,
    group: record.group,
  });
  other.admin_info = { use_channel: record.triedChannels };
  other.request_id = record.requestId;
  // Object.assign, not stores of computed keys: past a dozen of those the object turns into a slow dictionary.
  if (record.extra) Object.assign(other, record.extra);
  if (allowance.charge) other.subscription = allowance.charge;
  if (record.firstResponseMs !== null) other.frt = record.firstResponseMs;
  if (record.upstreamModel !== record.model) {
    other.is_model_mapped = true;
    other.upstream_model_name = record.upstreamModel;
  }
  const charge = chargeText(context, record.pricing, record.group);
  writer.appendLog({
    user_id: caller.user.id,
    username: caller.user.username,
    created_at: now,
    type: LogType.consume,
    content: charge.content,
    other: otherWithFacts(charge.facts, other, true),
    token_name: caller.tokenName,
    token_id: token?.id ?? 0,
    model_name: record.model,
    quota: settlement.finalQuota,
    prompt_tokens: settlement.usage.promptTokens,
    completion_tokens: settlement.usage.completionTokens,
    use_time: record.useTime,
    is_stream: record.isStream ? 1 : 0,
    channel_id: record.channelId,
    group: caller.usingGroup,
    ip: caller.user.recordIpLog ? caller.clientIp : '',
  });
}
