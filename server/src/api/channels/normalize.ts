/**
 * Turns channel form input into column values, applying every rule of docs/reference/console-validation.md
 * "Channel form" and docs/reference/routing.md on the server: required fields (the key too on create,
 * unless the type's entry in common/channel-types.ts makes it optional), known and served type, the key
 * and `other` rules of the type (server/src/relay/channel-types.ts), JSON settings, priority ≥ -999,
 * weight ≥ 0 (negative sent as 0), trailing slash stripped from the base URL, groups joined by commas,
 * caps checked as every limit set is (../tokens/limits-fields.ts).
 */

import type { Updateable } from 'kysely';
import { channelType } from '../../../../common/channel-types.ts';
import type { Database } from '../../db/schema.ts';
import { connectHost, hostRefusal, type UpstreamAddressPolicy } from '../../lib/address-policy.ts';
import { businessFailure } from '../../lib/errors.ts';
import { PROXY_PROTOCOLS } from '../../lib/http-client.ts';
import {
  checkJsonObject,
  checkModelMapping,
  checkStatusCodeMapping,
  type Refusal,
  splitList,
} from '../../lib/mapping-rules.ts';
import { headerOverrideProblem } from '../../relay/cache/header-override.ts';
import { isServedChannelType, keyProblem, otherProblem } from '../../relay/channel-types.ts';
import { channelSettingsProblem } from '../../relay/channel-types-custom.ts';
import { limitsColumn } from '../tokens/limits-fields.ts';
import type { ChannelFields } from './schemas.ts';

export type ChannelValues = Updateable<Database['channels']>;

const refuse = (refusal: Refusal) => businessFailure(refusal.code, refusal.params);

export function normalizeBaseUrl(raw: string, policy: UpstreamAddressPolicy): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw businessFailure('channel.base_url_invalid');
  }
  const refusal = hostRefusal(url.hostname, policy);
  if (refusal) throw businessFailure('channel.address_forbidden', { host: url.hostname, reason: refusal });
  return trimmed;
}

/** The proxy URL a channel setting names ('' when none). */
export function proxyOfSetting(setting: string | null | undefined): string {
  if (!setting) return '';
  try {
    const parsed: unknown = JSON.parse(setting);
    const proxy = (parsed as { proxy?: unknown } | null)?.proxy;
    return typeof proxy === 'string' ? proxy.trim() : '';
  } catch {
    return '';
  }
}

/** A channel's proxy passes the same address policy as its base URL, with a scheme undici can use. */
export function checkProxyUrl(proxy: string, policy: UpstreamAddressPolicy): void {
  if (proxy === '') return;
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    throw businessFailure('channel.proxy_invalid');
  }
  if (!PROXY_PROTOCOLS.has(url.protocol) || !url.hostname) throw businessFailure('channel.proxy_invalid');
  let host: string;
  try {
    host = connectHost(url);
  } catch {
    throw businessFailure('channel.proxy_invalid');
  }
  const refusal = hostRefusal(host, policy);
  if (refusal) throw businessFailure('channel.address_forbidden', { host, reason: refusal });
}

export function normalizeChannelFields(
  fields: ChannelFields,
  isCreate: boolean,
  policy: UpstreamAddressPolicy = 'default',
): ChannelValues {
  const values: ChannelValues = {};
  const keyOptional = channelType(fields.type ?? 1)?.key?.optional === true;
  if (isCreate && (!fields.name?.trim() || (!fields.key?.trim() && !keyOptional)))
    throw businessFailure('channel.name_key_required');
  if (fields.name !== undefined) {
    if (!fields.name.trim()) throw businessFailure('channel.name_key_required');
    values.name = fields.name.trim();
  }
  if (fields.key !== undefined && fields.key.trim() !== '') values.key = fields.key.trim();
  const type = fields.type ?? (isCreate ? 1 : undefined);
  if (type !== undefined) {
    const known = channelType(type);
    if (!known) throw businessFailure('channel.type_invalid', { type });
    if (!isServedChannelType(type)) throw notServed(type);
    values.type = type;
  }
  if (fields.models !== undefined || isCreate) {
    const models = splitList(fields.models);
    if (models.length === 0) throw businessFailure('channel.models_required');
    values.models = models.join(',');
  }
  const groups = fields.groups ?? (fields.group !== undefined ? splitList(fields.group) : undefined);
  if (groups !== undefined || isCreate) {
    const list = splitList((groups ?? []).join(','));
    values.group = (list.length > 0 ? list : ['default']).join(',');
  }
  if (fields.base_url !== undefined) values.base_url = normalizeBaseUrl(fields.base_url ?? '', policy);
  // A type that has no address of its own (Azure, Custom, another gateway) cannot be saved without one.
  const known = type === undefined ? undefined : channelType(type);
  if (known?.form?.baseUrlRequired && (isCreate || fields.base_url !== undefined) && !values.base_url)
    throw businessFailure('channel.base_url_required', { type: known.id, name: known.name });
  if (fields.other !== undefined) values.other = fields.other ?? '';
  // A type's default `other` (iFlytek Spark's interface version) when a channel is created without one.
  const otherDefault = type === undefined ? undefined : channelType(type)?.form?.other?.default;
  if (isCreate && otherDefault && !values.other) values.other = otherDefault;
  if (fields.model_mapping !== undefined) {
    const check = checkModelMapping(fields.model_mapping ?? '');
    if (!check.ok) throw refuse(check);
    values.model_mapping = (fields.model_mapping ?? '').trim();
  }
  if (fields.status_code_mapping !== undefined) {
    const check = checkStatusCodeMapping(fields.status_code_mapping ?? '');
    if (!check.ok) throw refuse(check);
    values.status_code_mapping = (fields.status_code_mapping ?? '').trim();
  }
  for (const field of ['setting', 'param_override', 'settings'] as const) {
    if (fields[field] === undefined) continue;
    const check = checkJsonObject(fields[field] ?? '', field);
    if (!check.ok) throw refuse(check);
    values[field] = (fields[field] ?? '').trim();
    if (field === 'setting') checkProxyUrl(proxyOfSetting(values.setting), policy);
  }
  if (fields.header_override !== undefined) {
    checkHeaderOverride(fields.header_override ?? '');
    values.header_override = (fields.header_override ?? '').trim();
  }
  if (fields.priority !== undefined) {
    if (fields.priority < -999) throw businessFailure('channel.priority_invalid');
    values.priority = fields.priority;
  }
  if (fields.weight !== undefined) values.weight = Math.max(0, fields.weight);
  if (fields.auto_ban !== undefined) values.auto_ban = fields.auto_ban ? 1 : 0;
  if (fields.max_input_tokens !== undefined) values.max_input_tokens = Math.max(0, fields.max_input_tokens);
  for (const field of ['test_model', 'tag'] as const) {
    if (fields[field] !== undefined) values[field] = fields[field]?.trim() || null;
  }
  // The API's `openai_organization` is stored in GORM's column (server/src/db/schema.ts).
  if (fields.openai_organization !== undefined)
    values.open_ai_organization = fields.openai_organization?.trim() || null;
  if (fields.status !== undefined) {
    if (fields.status !== 1 && fields.status !== 2) throw businessFailure('channel.status_invalid');
    values.status = fields.status;
  }
  if (fields.limits !== undefined) values.limits = limitsColumn(fields.limits, true);
  return values;
}

/** Refuses a header override that is not an object of text values, or that sets a header the connection owns. */
export function checkHeaderOverride(text: string): void {
  const problem = headerOverrideProblem(text);
  if (!problem) return;
  if (problem.code === 'not_object') throw businessFailure('channel.header_override_not_object');
  const params = { header: problem.header };
  if (problem.code === 'not_string') throw businessFailure('channel.header_override_invalid', params);
  if (problem.code === 'invalid_name') throw businessFailure('channel.header_override_name', params);
  if (problem.code === 'forbidden') throw businessFailure('channel.header_override_forbidden', params);
  throw businessFailure('channel.header_override_passthrough', params);
}

/**
 * Refuses a key the channel's type cannot use (a Vertex AI key must be a service-account JSON key, an AWS
 * key `AccessKey|SecretKey|Region`), with
 * the reason, before anything is saved.
 */
export function checkChannelKey(type: number, key: string): void {
  const problem = keyProblem(type, key);
  if (problem) throw businessFailure('channel.key_invalid', { reason: problem });
}

/**
 * Refuses an `other` field the type cannot do without (Cloudflare needs the account id) or cannot use
 * (Vertex AI's region setting).
 */
export function checkChannelOther(type: number, other: string | null | undefined): void {
  const problem = otherProblem(type, other ?? '');
  if (problem === 'required') throw businessFailure('channel.other_required', { type });
  if (problem) throw businessFailure('channel.other_invalid', { reason: problem.reason });
}

/** Refuses `settings` its type cannot serve (an Advanced Custom channel's routes), with the reason. */
export function checkChannelSettings(type: number, settings: string | null | undefined): void {
  const reason = channelSettingsProblem(type, settings ?? '');
  if (reason) throw businessFailure('channel.settings_invalid', { reason });
}

/** The refusal of a channel of a type that serves nothing: its type's own reason, or not served (yet). */
export function notServed(type: number) {
  const known = channelType(type);
  const details = { type, name: known?.name ?? String(type) };
  return known?.refusal === 'subscription-account'
    ? businessFailure('channel.type_refused_subscription_account', details)
    : businessFailure('channel.type_not_served', details);
}
