/** /api/user/* (account and admin), /api/group/. Thin: parse, authorise, call the services. */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import { beginSession, endSession, readSession, revokeSessions } from '../../auth/session.ts';
import { checkTurnstile } from '../../auth/turnstile.ts';
import { endPendingLogin, openCodeStep, readPendingLogin } from '../../auth/two-factor/pending-login.ts';
import { isTwoFactorEnabled } from '../../auth/two-factor/store.ts';
import { hasSecondFactor, requireRecentVerification } from '../../auth/two-factor/verification.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput, readId, readPaging } from '../reply.ts';
import { codeInput } from '../security/schemas.ts';
import {
  completeTwoFactorLogin,
  deleteSelf,
  getAffCode,
  getSelf,
  login,
  regenerateAccessToken,
  register,
  updateSelf,
  usableGroups,
} from './account-service.ts';
import { createUserByAdmin, getUser, manageUser, updateUserByAdmin } from './admin-service.ts';
import { listUsers } from './repository.ts';
import {
  createUserInput,
  loginInput,
  manageUserInput,
  registerInput,
  updateSelfInput,
  updateUserInput,
} from './schemas.ts';
import { selfLimits } from './self-limits.ts';
import { updateUserSetting, userSettingInput } from './setting-service.ts';
import { signedIn } from './sign-in-reply.ts';

export async function registerUserRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const critical = { config: { ipLimit: 'critical' as const } };

  app.post('/api/user/register', critical, async (request) => {
    await checkTurnstile(context, request);
    await register(context, parseInput(registerInput, request.body));
    return ok();
  });

  app.post('/api/user/login', critical, async (request, reply) => {
    await checkTurnstile(context, request);
    const user = await login(context, parseInput(loginInput, request.body));
    // With two-factor on, the password only opens the code step (POST /api/user/login/2fa), as in new-api.
    if (await isTwoFactorEnabled(context.database.db, user.id)) {
      await openCodeStep(context.database.db, request, reply, user.id);
      return ok({ require_2fa: true }, translate('twofa.enter_code', request.language));
    }
    await beginSession(context.database.db, request, reply, user.id);
    return signedIn(context, request, user);
  });

  app.post('/api/user/login/2fa', critical, async (request, reply) => {
    const pending = readPendingLogin(request);
    if (!pending) throw businessFailure('twofa.login_expired');
    const { code } = parseInput(codeInput, request.body);
    const user = await completeTwoFactorLogin(context, pending, code);
    endPendingLogin(reply);
    await beginSession(context.database.db, request, reply, user.id);
    return signedIn(context, request, user);
  });

  app.get('/api/user/logout', async (request, reply) => {
    // Logging out ends every session of the user, a copied cookie included.
    const session = readSession(request);
    if (session) {
      const row = await context.database.db
        .selectFrom('users')
        .select('auth_version')
        .where('id', '=', session.userId)
        .executeTakeFirst();
      if (row && Number(row.auth_version ?? 0) === session.authVersion)
        await revokeSessions(context.database.db, session.userId);
    }
    endSession(reply);
    return ok();
  });

  app.get('/api/user/self', asUser, async (request) => ok(await getSelf(context, request.user!)));
  app.put('/api/user/self', asUser, async (request, reply) => {
    const input = parseInput(updateSelfInput, request.body);
    // A password change asks again (a code or passkey in the last five minutes) when the user has a second
    // factor; without one the original password is the proof (docs/security.md "Asking again").
    const { db } = context.database;
    if (input.password && (await hasSecondFactor(db, request.user!.id)))
      await requireRecentVerification(db, request, request.user!.id);
    const passwordChanged = await updateSelf(context, request.user!, input);
    // The password change ended every older session; this one continues with a fresh cookie.
    if (passwordChanged && readSession(request))
      await beginSession(context.database.db, request, reply, request.user!.id);
    return ok();
  });
  app.delete('/api/user/self', asUser, async (request, reply) => {
    await deleteSelf(context, request.user!);
    endSession(reply);
    return ok();
  });
  app.put('/api/user/setting', asUser, async (request) => {
    await updateUserSetting(context, request.user!, parseInput(userSettingInput, request.body));
    return ok();
  });
  app.get('/api/user/token', asUser, async (request) =>
    ok(await regenerateAccessToken(context, request.user!)),
  );
  app.get('/api/user/aff', asUser, async (request) => ok(await getAffCode(context, request.user!)));
  app.get('/api/user/self/limits', asUser, async (request) => ok(await selfLimits(context, request.user!)));
  app.get('/api/user/self/groups', asUser, async (request) => ok(usableGroups(context, request.user!.group)));
  app.get('/api/user/models', asUser, async (request) => {
    const models = new Set<string>();
    for (const group of Object.keys(usableGroups(context, request.user!.group))) {
      for (const model of context.channelCache.modelsOfGroup(group)) models.add(model);
    }
    return ok([...models].sort());
  });

  app.get('/api/group/', asAdmin, async () =>
    ok(Object.keys(context.options.getJson<Record<string, number>>('GroupRatio') ?? {})),
  );

  app.get('/api/user/', asAdmin, async (request) => {
    const query = request.query as Record<string, unknown>;
    return ok(await listUsers(context.database.db, {}, readPaging(query), context));
  });
  app.get('/api/user/search', asAdmin, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const search = {
      ...(query.keyword ? { keyword: query.keyword } : {}),
      ...(query.group ? { group: query.group } : {}),
    };
    return ok(await listUsers(context.database.db, search, readPaging(query), context));
  });
  app.get('/api/user/:id', asAdmin, async (request) =>
    ok(await getUser(context, request.user!, readId((request.params as { id: string }).id))),
  );
  app.post('/api/user/', asAdmin, async (request) => {
    await createUserByAdmin(context, request.user!, parseInput(createUserInput, request.body));
    return ok();
  });
  app.put('/api/user/', asAdmin, async (request) => {
    await updateUserByAdmin(context, request.user!, parseInput(updateUserInput, request.body));
    return ok();
  });
  app.post('/api/user/manage', asAdmin, async (request) =>
    ok(await manageUser(context, request.user!, parseInput(manageUserInput, request.body))),
  );
}
