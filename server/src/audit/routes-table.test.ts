import { describe, expect, it } from 'vitest';
import { findAuditRoute, indexAuditRoutes } from './route-types.ts';
import { AUDIT_ACTIONS, AUDITED_ROUTES } from './routes-table.ts';

describe('the audited-route table', () => {
  const index = indexAuditRoutes(AUDITED_ROUTES);

  it.each([
    ['PUT', '/api/channel/', 'channel.update'],
    ['DELETE', '/api/channel/:id', 'channel.delete'],
    ['POST', '/api/channel/:id/key', 'channel.key_view'],
    ['PUT', '/api/option/', 'option.update'],
    ['post', '/api/user/login', 'login.password'],
    ['GET', '/api/oauth/github', 'login.oauth'],
    ['POST', '/api/user/topup/complete', 'order.complete'],
    ['DELETE', '/api/user/:id/2fa', 'user.reset_2fa'],
    ['POST', '/api/user/2fa/disable', 'user.self_2fa_disable'],
    ['PUT', '/api/subscription/admin/plans/:id', 'subscription.plan_update'],
    ['POST', '/api/subscription/admin/user_subscriptions/:id/invalidate', 'subscription.cancel'],
  ])('%s %s → %s', (method, url, action) => {
    expect(findAuditRoute(index, method, url)?.action).toBe(action);
  });

  it.each([
    ['GET', '/api/channel/'],
    ['GET', '/api/channel/:id'],
    ['POST', '/v1/chat/completions'],
    ['PUT', '/api/channel'],
    ['GET', '/api/option/'],
  ])('%s %s is not audited', (method, url) => {
    expect(findAuditRoute(index, method, url)).toBeUndefined();
  });

  it('refuses an entry listed twice and lists each action once, sorted', () => {
    expect(() => indexAuditRoutes([AUDITED_ROUTES[0]!, AUDITED_ROUTES[0]!])).toThrow(/listed twice/);
    expect(AUDIT_ACTIONS).toEqual([...new Set(AUDIT_ACTIONS)].sort());
  });
});
