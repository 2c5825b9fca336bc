/**
 * /api/oauth/* (docs/reference/console-api.md): the state, the code callbacks of GitHub, OIDC and Linux DO, WeChat and
 * Telegram login and binding. Thin: check the method is on, verify the request, ask the provider who
 * it is, hand the identity to account linking. Every route has the critical rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/messages.ts';
import { serverAddressFor } from '../../options/server-address.ts';
import { ok, parseInput } from '../reply.ts';
import { bindIdentity, type ExternalIdentity, linkIdentity } from './account-linking.ts';
import { gitHubEnabled, gitHubIdentity } from './github.ts';
import { linuxDoEnabled, linuxDoIdentity } from './linuxdo.ts';
import { oidcEnabled, oidcIdentity } from './oidc.ts';
import { consumeOAuthState, issueOAuthState } from './state.ts';
import { telegramEnabled, telegramFields, telegramIdentity } from './telegram.ts';
import { weChatEnabled, weChatIdentity } from './wechat.ts';

interface CodeProvider {
  enabled(context: AppContext): boolean;
  disabledMessage: MessageKey;
  /** `site` is the address the console sent the browser from (the redirect address starts with it). */
  identify(context: AppContext, code: string, site: string): Promise<ExternalIdentity>;
}

const codeProviders: Record<'github' | 'oidc' | 'linuxdo', CodeProvider> = {
  github: { enabled: gitHubEnabled, disabledMessage: 'oauth.github_disabled', identify: gitHubIdentity },
  oidc: { enabled: oidcEnabled, disabledMessage: 'oauth.oidc_disabled', identify: oidcIdentity },
  linuxdo: { enabled: linuxDoEnabled, disabledMessage: 'oauth.linuxdo_disabled', identify: linuxDoIdentity },
};

const stateQuery = z.object({ aff: z.string().max(64).optional() });
const callbackQuery = z.object({
  code: z.string().max(2048).default(''),
  state: z.string().max(256).default(''),
});
const weChatQuery = z.object({ code: z.string().max(256).default('') });

export async function registerOAuthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const critical = { config: { ipLimit: 'critical' as const } };
  const criticalAsUser = { ...critical, preHandler: requireRole(context, Role.common) };

  app.get('/api/oauth/state', critical, async (request, reply) => {
    const { aff } = parseInput(stateQuery, request.query);
    return ok(await issueOAuthState(context, request, reply, aff ?? ''));
  });

  for (const [name, provider] of Object.entries(codeProviders)) {
    app.get(`/api/oauth/${name}`, critical, async (request, reply) => {
      if (!provider.enabled(context)) throw businessFailure(provider.disabledMessage);
      const { code, state } = parseInput(callbackQuery, request.query);
      const { affCode } = await consumeOAuthState(context, request, reply, state);
      if (code === '') throw businessFailure('oauth.code_missing');
      const site = serverAddressFor(context.options, request, context.config.port);
      const identity = await provider.identify(context, code, site);
      return linkIdentity(context, request, reply, identity, affCode);
    });
  }

  app.get('/api/oauth/wechat', critical, async (request, reply) => {
    if (!weChatEnabled(context)) throw businessFailure('oauth.wechat_disabled');
    const { code } = parseInput(weChatQuery, request.query);
    return linkIdentity(context, request, reply, await weChatIdentity(context, code));
  });

  app.get('/api/oauth/wechat/bind', criticalAsUser, async (request) => {
    if (!weChatEnabled(context)) throw businessFailure('oauth.wechat_disabled');
    const { code } = parseInput(weChatQuery, request.query);
    await bindIdentity(context, request.user!.id, await weChatIdentity(context, code));
    return ok(undefined, 'bind');
  });

  app.get('/api/oauth/telegram/login', critical, async (request, reply) => {
    if (!telegramEnabled(context)) throw businessFailure('oauth.telegram_disabled');
    const identity = telegramIdentity(context, telegramFields(request.query));
    return linkIdentity(context, request, reply, identity);
  });

  app.get('/api/oauth/telegram/bind', criticalAsUser, async (request) => {
    if (!telegramEnabled(context)) throw businessFailure('oauth.telegram_disabled');
    const identity = telegramIdentity(context, telegramFields(request.query));
    await bindIdentity(context, request.user!.id, identity);
    return ok(undefined, 'bind');
  });
}
