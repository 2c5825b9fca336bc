/**
 * The expanded part of a log row: the `other` JSON of a log entry (docs/reference/console-entities.md "Usage log entry") turned into
 * labelled rows. Only the fields present in a row are shown; the admin-only facts (channels tried, client
 * IP) only in the admin view.
 */
import type { TFunction } from 'i18next';
import { formatRatio } from '../../../../common/log-facts.ts';
import type { LogView } from '../../api/logs.ts';
import { logSentence } from './log-content.ts';
import { millisecondsAsSeconds } from './log-timing.ts';

/** The fields of `other` the console reads; every one may be missing or of an unexpected type. */
export type LogOther = Record<string, unknown>;

/** Reads `other` loosely: unreadable or non-object text gives an empty object. */
export function parseLogOther(text: string | null | undefined): LogOther {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as LogOther)
      : {};
  } catch {
    return {};
  }
}

function numberField(other: LogOther, name: string): number | null {
  const value = other[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function textField(other: LogOther, name: string): string | null {
  const value = other[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The first-token time in milliseconds, when the call recorded one. */
export function firstTokenMilliseconds(other: LogOther): number | null {
  const frt = numberField(other, 'frt');
  return frt !== null && frt > 0 ? frt : null;
}

/** The upstream model name when the channel mapped the requested model to another one. */
export function mappedUpstreamModel(other: LogOther): string | null {
  return other.is_model_mapped === true ? textField(other, 'upstream_model_name') : null;
}

/** The channel ids the call went through, retries included (admin view only). */
export function channelsTried(other: LogOther): number[] {
  const adminInfo = other.admin_info;
  if (typeof adminInfo !== 'object' || adminInfo === null) return [];
  const used = (adminInfo as { use_channel?: unknown }).use_channel;
  if (!Array.isArray(used)) return [];
  return used.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/** A value that is either shown as it is or translated from an i18n key. */
export type DetailValue = { text: string } | { key: string; values?: Record<string, string | number> };

/** The text of a detail value in the reader's language. */
export function detailText(value: DetailValue, t: TFunction): string {
  return 'text' in value ? value.text : t(value.key, value.values);
}

export interface DetailRow {
  /** i18n key of the label; also the React key. */
  label: string;
  value: DetailValue;
}

function text(value: string | number): DetailValue {
  return { text: String(value) };
}

function pricingRows(other: LogOther): DetailRow[] {
  const rows: DetailRow[] = [];
  const modelPrice = numberField(other, 'model_price');
  const modelRatio = numberField(other, 'model_ratio');
  const completionRatio = numberField(other, 'completion_ratio');
  if (modelPrice !== null && modelPrice >= 0) {
    rows.push({ label: 'logs.detail.billing', value: { key: 'logs.detail.perCall' } });
    rows.push({ label: 'logs.detail.modelPrice', value: text(`$${formatRatio(modelPrice)}`) });
  } else if (modelRatio !== null) {
    rows.push({ label: 'logs.detail.billing', value: { key: 'logs.detail.perToken' } });
    rows.push({ label: 'logs.detail.modelRatio', value: text(formatRatio(modelRatio)) });
    if (completionRatio !== null) {
      rows.push({ label: 'logs.detail.completionRatio', value: text(formatRatio(completionRatio)) });
    }
  }
  const groupRatio = numberField(other, 'group_ratio');
  if (groupRatio !== null)
    rows.push({ label: 'logs.detail.groupRatio', value: text(formatRatio(groupRatio)) });
  // -1 (or null) means the user's group has no exclusive ratio for the group used.
  const userGroupRatio = numberField(other, 'user_group_ratio');
  if (userGroupRatio !== null && userGroupRatio >= 0) {
    rows.push({ label: 'logs.detail.userGroupRatio', value: text(formatRatio(userGroupRatio)) });
  }
  return rows;
}

interface TokenPair {
  tokensField: string;
  tokensLabel: string;
  ratioField: string;
  ratioLabel: string;
}

const CACHE_PAIR: TokenPair = {
  tokensField: 'cache_tokens',
  tokensLabel: 'logs.detail.cacheTokens',
  ratioField: 'cache_ratio',
  ratioLabel: 'logs.detail.cacheRatio',
};

const CACHE_CREATION_PAIR: TokenPair = {
  tokensField: 'cache_creation_tokens',
  tokensLabel: 'logs.detail.cacheCreationTokens',
  ratioField: 'cache_creation_ratio',
  ratioLabel: 'logs.detail.cacheCreationRatio',
};

/** Cached or cache-creation tokens with the ratio they were billed at; nothing when no such tokens. */
function tokenPairRows(other: LogOther, pair: TokenPair): DetailRow[] {
  const tokens = numberField(other, pair.tokensField);
  if (tokens === null || tokens <= 0) return [];
  const rows: DetailRow[] = [{ label: pair.tokensLabel, value: text(tokens) }];
  const ratio = numberField(other, pair.ratioField);
  if (ratio !== null) rows.push({ label: pair.ratioLabel, value: text(formatRatio(ratio)) });
  return rows;
}

const AUDIO_FIELDS: readonly (readonly [field: string, label: string, isRatio: boolean])[] = [
  ['audio_input', 'logs.detail.audioInput', false],
  ['audio_output', 'logs.detail.audioOutput', false],
  ['text_input', 'logs.detail.textInput', false],
  ['text_output', 'logs.detail.textOutput', false],
  ['audio_ratio', 'logs.detail.audioRatio', true],
  ['audio_completion_ratio', 'logs.detail.audioCompletionRatio', true],
];

function audioRows(other: LogOther): DetailRow[] {
  const hasAudio =
    other.audio === true ||
    (numberField(other, 'audio_input') ?? 0) > 0 ||
    (numberField(other, 'audio_output') ?? 0) > 0;
  if (!hasAudio) return [];
  return AUDIO_FIELDS.flatMap(([field, label, isRatio]) => {
    const value = numberField(other, field);
    if (value === null) return [];
    return [{ label, value: text(isRatio ? formatRatio(value) : value) }];
  });
}

function requestRows(log: Pick<LogView, 'model_name'>, other: LogOther): DetailRow[] {
  const rows: DetailRow[] = [];
  if (other.claude === true)
    rows.push({ label: 'logs.detail.format', value: { key: 'logs.detail.formatClaude' } });
  if (other.ws === true)
    rows.push({ label: 'logs.detail.format', value: { key: 'logs.detail.formatRealtime' } });
  const reasoningEffort = textField(other, 'reasoning_effort');
  if (reasoningEffort) rows.push({ label: 'logs.detail.reasoningEffort', value: text(reasoningEffort) });
  const frt = firstTokenMilliseconds(other);
  if (frt !== null) {
    rows.push({
      label: 'logs.detail.firstTokenTime',
      value: { key: 'logs.detail.seconds', values: { value: millisecondsAsSeconds(frt) } },
    });
  }
  const upstreamModel = mappedUpstreamModel(other);
  if (upstreamModel) {
    rows.push({ label: 'logs.detail.requestModel', value: text(log.model_name) });
    rows.push({ label: 'logs.detail.upstreamModel', value: text(upstreamModel) });
  }
  const clientType = textField(other, 'client_type');
  if (clientType) rows.push({ label: 'logs.detail.clientType', value: text(clientType) });
  const requestId = textField(other, 'request_id');
  if (requestId) rows.push({ label: 'logs.detail.requestId', value: text(requestId) });
  return rows;
}

function adminRows(log: Pick<LogView, 'ip'>, other: LogOther): DetailRow[] {
  const rows: DetailRow[] = [];
  const tried = channelsTried(other);
  if (tried.length > 0) rows.push({ label: 'logs.detail.channelsTried', value: text(tried.join(' → ')) });
  if (log.ip) rows.push({ label: 'logs.detail.ip', value: text(log.ip) });
  return rows;
}

/** A tier's prompt-length ranges: "0–200000", "200001+" (docs/reference/pricing-tiers.md "Log row"). */
function rangeText(ranges: unknown): string {
  if (!Array.isArray(ranges)) return '';
  return ranges
    .map((range: { from?: unknown; to?: unknown }) =>
      range.to === null ? `${range.from}+` : `${range.from}–${range.to}`,
    )
    .join(', ');
}

/** The tier of a call priced by a billing expression, and its tool lines (server/src/relay/billing/pricing.ts). */
function tierRows(other: LogOther, formatQuota: (quota: number) => string): DetailRow[] {
  const rows: DetailRow[] = [];
  const tier = other.tier as
    | { name?: unknown; ranges?: unknown; prices?: Record<string, number>; fixed?: number | null }
    | undefined;
  if (other.billing_mode === 'tiered_expr' && tier && typeof tier === 'object') {
    const prices =
      typeof tier.fixed === 'number'
        ? `$${formatRatio(tier.fixed)}`
        : Object.entries(tier.prices ?? {})
            .map(([variable, price]) => `${variable} $${formatRatio(price)}`)
            .join(' · ');
    rows.push({
      label: 'logs.detail.tier',
      value: {
        key: typeof tier.fixed === 'number' ? 'logs.detail.tierFixed' : 'logs.detail.tierValue',
        values: { name: String(tier.name ?? ''), range: rangeText(tier.ranges), prices },
      },
    });
  }
  const lines = Array.isArray(other.tool_lines) ? (other.tool_lines as Record<string, unknown>[]) : [];
  if (lines.length > 0)
    rows.push({
      label: 'logs.detail.toolLines',
      value: text(
        lines
          .map(
            (line) =>
              `${String(line.tool)} × ${Number(line.count)} @ $${formatRatio(Number(line.price))}/1K = ${formatQuota(Number(line.quota))}`,
          )
          .join('; '),
      ),
    });
  return rows;
}

/**
 * Every detail of one log row, in display order; the row's sentence (./log-content.ts) comes last, its
 * quotas through `formatQuota`.
 */
export function logDetailRows(
  log: Pick<LogView, 'model_name' | 'content' | 'ip' | 'other'>,
  admin: boolean,
  formatQuota: (quota: number) => string,
): DetailRow[] {
  const other = parseLogOther(log.other);
  const rows = [
    ...pricingRows(other),
    ...tierRows(other, formatQuota),
    ...tokenPairRows(other, CACHE_PAIR),
    ...tokenPairRows(other, CACHE_CREATION_PAIR),
    ...audioRows(other),
    ...requestRows(log, other),
    ...(admin ? adminRows(log, other) : []),
  ];
  const sentence = logSentence(log.content, other, formatQuota);
  if (sentence) rows.push({ label: 'logs.detail.content', value: sentence });
  return rows;
}
