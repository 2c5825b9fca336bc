/**
 * The audited console routes (docs/audit.md "What is recorded"): per route its action, target and how the
 * target's state is read before and after. ./hooks.ts attaches the recording to exactly these routes when
 * they are registered, so no route file changes and unaudited routes (the relay) pay nothing. A new route
 * is audited by adding an entry here.
 */
import { isSecretOptionKey } from '../options/definitions.ts';
import { bodyState, idOf, rowLoader, rowsLoader, textOf } from './loaders.ts';
import type { AuditInput, AuditRoute, SnapshotLoader } from './route-types.ts';

const paramId = (input: AuditInput) => idOf(input.params.id);
const bodyId = (input: AuditInput) => idOf(input.body.id);
const bodyTag = (input: AuditInput) => textOf(input.body.tag);
const bodyTradeNo = (input: AuditInput) => textOf(input.body.trade_no, 255);
const replyId = (input: AuditInput) => idOf((input.data as { id?: unknown } | null)?.id);

const channelByParam = rowLoader('channels', paramId);
const channelByBody = rowLoader('channels', bodyId);
const userByParam = rowLoader('users', paramId);
const userByBody = rowLoader('users', bodyId);
const redemptionByParam = rowLoader('redemptions', paramId);
const redemptionByBody = rowLoader('redemptions', bodyId);
const orderByBody = rowLoader('top_ups', bodyTradeNo, 'trade_no');
const planByParam = rowLoader('subscription_plans', paramId);
const userSubscriptionByParam = rowLoader('user_subscriptions', paramId);

/** A change to the caller's own account security: the actor is the target (api/security/*). */
function ownSecurity(method: AuditRoute['method'], url: string, action: string): AuditRoute {
  return { method, url, action, targetType: 'user' };
}

/** An option's value as the store holds it (memory), before or after PUT /api/option/. */
const optionValue: SnapshotLoader = async (context, input) => {
  const key = textOf(input.body.key);
  if (!key) return null;
  return { id: key, name: key, state: { [key]: context.options.get(key) } };
};

/** The body with its fields as the note lists them (batch and tag operations). */
const noteOf =
  (...fields: string[]) =>
  (input: AuditInput) =>
    fields
      .map((field) =>
        input.body[field] === undefined ? '' : `${field}=${JSON.stringify(input.body[field])}`,
      )
      .filter(Boolean)
      .join(' ')
      .slice(0, 500);

const signIn = (url: string, action: string, method: 'GET' | 'POST' = 'POST'): AuditRoute => ({
  method,
  url,
  action,
  targetType: 'user',
  signIn: true,
});

export const AUDITED_ROUTES: readonly AuditRoute[] = [
  // Channels (api/channels/routes.ts, operation-routes.ts, multi-key-route.ts).
  {
    method: 'POST',
    url: '/api/channel/',
    action: 'channel.create',
    targetType: 'channel',
    after: rowsLoader('channels', (input) => (input.data as { ids?: unknown } | null)?.ids),
  },
  {
    method: 'PUT',
    url: '/api/channel/',
    action: 'channel.update',
    targetType: 'channel',
    targetId: bodyId,
    before: channelByBody,
    after: channelByBody,
  },
  {
    method: 'DELETE',
    url: '/api/channel/:id',
    action: 'channel.delete',
    targetType: 'channel',
    targetId: paramId,
    before: channelByParam,
  },
  {
    method: 'DELETE',
    url: '/api/channel/disabled',
    action: 'channel.delete_disabled',
    targetType: 'channel',
  },
  {
    method: 'POST',
    url: '/api/channel/batch',
    action: 'channel.batch_delete',
    targetType: 'channel',
    before: rowsLoader('channels', (input) => input.body.ids),
  },
  {
    method: 'POST',
    url: '/api/channel/batch/tag',
    action: 'channel.batch_tag',
    targetType: 'channel',
    note: noteOf('ids', 'tag'),
  },
  {
    method: 'PUT',
    url: '/api/channel/tag',
    action: 'channel.tag_update',
    targetType: 'channel',
    targetId: bodyTag,
    after: bodyState,
  },
  {
    method: 'POST',
    url: '/api/channel/tag/enabled',
    action: 'channel.tag_enable',
    targetType: 'channel',
    targetId: bodyTag,
  },
  {
    method: 'POST',
    url: '/api/channel/tag/disabled',
    action: 'channel.tag_disable',
    targetType: 'channel',
    targetId: bodyTag,
  },
  { method: 'POST', url: '/api/channel/fix', action: 'channel.fix_abilities', targetType: 'channel' },
  {
    method: 'POST',
    url: '/api/channel/multi_key/manage',
    action: 'channel.multi_key',
    targetType: 'channel',
    targetId: (input) => idOf(input.body.channel_id),
    note: noteOf('action', 'key_index'),
    // Reading the key status page changes nothing.
    when: (input) => input.body.action !== 'get_key_status',
  },
  {
    // Root reads a channel's key after asking again (api/channels/key-view.ts); refusals are recorded too.
    method: 'POST',
    url: '/api/channel/:id/key',
    action: 'channel.key_view',
    targetType: 'channel',
    targetId: paramId,
  },

  // Options and prices (api/options/routes.ts, api/price-sync/routes.ts).
  {
    method: 'PUT',
    url: '/api/option/',
    action: 'option.update',
    targetType: 'option',
    targetId: (input) => textOf(input.body.key),
    before: optionValue,
    after: optionValue,
    secretFields: () => isSecretOptionKey,
  },
  {
    method: 'POST',
    url: '/api/option/rest_model_ratio',
    action: 'option.reset_model_prices',
    targetType: 'option',
  },
  {
    method: 'POST',
    url: '/api/ratio_sync/apply',
    action: 'option.sync_prices',
    targetType: 'option',
    after: bodyState,
  },

  // Users (api/users/routes.ts, api/security/*).
  {
    method: 'POST',
    url: '/api/user/',
    action: 'user.create',
    targetType: 'user',
    targetId: (input) => textOf(input.body.username),
    after: bodyState,
  },
  {
    method: 'PUT',
    url: '/api/user/',
    action: 'user.update',
    targetType: 'user',
    targetId: bodyId,
    before: userByBody,
    after: userByBody,
  },
  {
    method: 'POST',
    url: '/api/user/manage',
    action: 'user.manage',
    targetType: 'user',
    targetId: bodyId,
    before: userByBody,
    after: userByBody,
    note: (input) => textOf(input.body.action, 32) ?? '',
  },
  ownSecurity('POST', '/api/user/2fa/enable', 'user.self_2fa_enable'),
  ownSecurity('POST', '/api/user/2fa/disable', 'user.self_2fa_disable'),
  ownSecurity('POST', '/api/user/2fa/backup_codes', 'user.self_backup_codes'),
  ownSecurity('POST', '/api/user/passkey/register/finish', 'user.self_passkey_add'),
  ownSecurity('DELETE', '/api/user/passkey', 'user.self_passkeys_delete'),
  ownSecurity('DELETE', '/api/user/passkey/:id', 'user.self_passkey_delete'),
  {
    ...ownSecurity('PUT', '/api/user/self', 'user.self_password_change'),
    // Only a password change is a security change; the rest of the profile is not audited.
    when: (input) => typeof input.body.password === 'string' && input.body.password !== '',
    secretFields: () => () => true,
  },

  // Subscription plans and users' subscriptions (api/subscriptions/*).
  {
    method: 'POST',
    url: '/api/subscription/admin/plans',
    action: 'subscription.plan_create',
    targetType: 'subscription',
    targetId: replyId,
    after: bodyState,
  },
  {
    method: 'PUT',
    url: '/api/subscription/admin/plans/:id',
    action: 'subscription.plan_update',
    targetType: 'subscription',
    targetId: paramId,
    before: planByParam,
    after: planByParam,
  },
  {
    method: 'DELETE',
    url: '/api/subscription/admin/plans/:id',
    action: 'subscription.plan_disable',
    targetType: 'subscription',
    targetId: paramId,
    before: planByParam,
    after: planByParam,
  },
  {
    method: 'POST',
    url: '/api/subscription/admin/bind',
    action: 'subscription.bind',
    targetType: 'user',
    targetId: (input) => idOf(input.body.user_id),
    after: bodyState,
  },
  {
    method: 'POST',
    url: '/api/subscription/admin/users/:id/subscriptions',
    action: 'subscription.bind',
    targetType: 'user',
    targetId: paramId,
    after: bodyState,
  },
  {
    method: 'POST',
    url: '/api/subscription/admin/user_subscriptions/:id/invalidate',
    action: 'subscription.cancel',
    targetType: 'subscription',
    targetId: paramId,
    before: userSubscriptionByParam,
    after: userSubscriptionByParam,
  },
  {
    method: 'DELETE',
    url: '/api/subscription/admin/user_subscriptions/:id',
    action: 'subscription.delete',
    targetType: 'subscription',
    targetId: paramId,
    before: userSubscriptionByParam,
  },

  {
    method: 'DELETE',
    url: '/api/user/:id/2fa',
    action: 'user.reset_2fa',
    targetType: 'user',
    targetId: paramId,
    before: userByParam,
  },
  {
    method: 'DELETE',
    url: '/api/user/:id/reset_passkey',
    action: 'user.reset_passkey',
    targetType: 'user',
    targetId: paramId,
    before: userByParam,
  },

  // Redemption codes (api/redemptions/routes.ts): the codes themselves are masked.
  {
    method: 'POST',
    url: '/api/redemption/',
    action: 'redemption.create',
    targetType: 'redemption',
    after: bodyState,
  },
  {
    method: 'PUT',
    url: '/api/redemption/',
    action: 'redemption.update',
    targetType: 'redemption',
    targetId: bodyId,
    before: redemptionByBody,
    after: redemptionByBody,
  },
  {
    method: 'DELETE',
    url: '/api/redemption/:id',
    action: 'redemption.delete',
    targetType: 'redemption',
    targetId: paramId,
    before: redemptionByParam,
  },
  {
    method: 'DELETE',
    url: '/api/redemption/invalid',
    action: 'redemption.delete_invalid',
    targetType: 'redemption',
  },

  // Top-up orders completed by hand (api/payments/routes.ts).
  {
    method: 'POST',
    url: '/api/user/topup/complete',
    action: 'order.complete',
    targetType: 'order',
    targetId: bodyTradeNo,
    before: orderByBody,
    after: orderByBody,
  },

  // Model catalogue and vendors (api/models-catalogue/routes.ts).
  {
    method: 'POST',
    url: '/api/models/',
    action: 'model.create',
    targetType: 'model',
    targetId: replyId,
    after: bodyState,
  },
  {
    method: 'PUT',
    url: '/api/models/',
    action: 'model.update',
    targetType: 'model',
    targetId: bodyId,
    before: rowLoader('models', bodyId),
    after: rowLoader('models', bodyId),
  },
  {
    method: 'DELETE',
    url: '/api/models/:id',
    action: 'model.delete',
    targetType: 'model',
    targetId: paramId,
    before: rowLoader('models', paramId),
  },
  {
    method: 'POST',
    url: '/api/vendors/',
    action: 'vendor.create',
    targetType: 'vendor',
    targetId: replyId,
    after: bodyState,
  },
  {
    method: 'PUT',
    url: '/api/vendors/',
    action: 'vendor.update',
    targetType: 'vendor',
    targetId: bodyId,
    before: rowLoader('vendors', bodyId),
    after: rowLoader('vendors', bodyId),
  },
  {
    method: 'DELETE',
    url: '/api/vendors/:id',
    action: 'vendor.delete',
    targetType: 'vendor',
    targetId: paramId,
    before: rowLoader('vendors', paramId),
  },

  // Usage logs and the first setup.
  {
    method: 'DELETE',
    url: '/api/log/',
    action: 'log.delete',
    targetType: 'log',
    note: (input) => `before ${textOf(input.query.target_timestamp, 20) ?? ''}`,
  },
  { method: 'POST', url: '/api/setup', action: 'system.setup', targetType: 'system', after: bodyState },

  // Sign-ins (api/users/routes.ts, api/security/passkey-routes.ts, api/oauth/routes.ts).
  signIn('/api/user/login', 'login.password'),
  signIn('/api/user/login/2fa', 'login.2fa'),
  signIn('/api/user/passkey/login/finish', 'login.passkey'),
  ...['github', 'oidc', 'linuxdo', 'wechat', 'telegram/login'].map((provider) => ({
    ...signIn(`/api/oauth/${provider}`, 'login.oauth', 'GET'),
    note: () => provider.replace('/login', ''),
  })),
];

/** Every action of the table, for the console's filter (GET /api/audit/actions). */
export const AUDIT_ACTIONS: readonly string[] = [
  ...new Set(AUDITED_ROUTES.map((route) => route.action)),
].sort();
