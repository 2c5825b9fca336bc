/** /api/token/*: a user's own tokens. */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, parseInput, readId, readPaging } from '../reply.ts';
import { statusOnlyInput, tokenFields, updateTokenInput } from './schemas.ts';
import { createToken, deleteToken, getToken, listTokens, updateToken } from './service.ts';

export async function registerTokenRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };

  app.get('/api/token/', asUser, async (request) =>
    ok(await listTokens(context, request.user!, {}, readPaging(request.query as Record<string, unknown>))),
  );
  app.get('/api/token/search', asUser, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const search = {
      ...(query.keyword ? { keyword: query.keyword } : {}),
      ...(query.token ? { token: query.token } : {}),
    };
    return ok(await listTokens(context, request.user!, search, readPaging(query)));
  });
  app.get('/api/token/:id', asUser, async (request) =>
    ok(await getToken(context, request.user!, readId((request.params as { id: string }).id))),
  );
  app.post('/api/token/', asUser, async (request) =>
    ok(await createToken(context, request.user!, parseInput(tokenFields, request.body))),
  );
  app.put('/api/token/', asUser, async (request) => {
    const statusOnly = (request.query as Record<string, string | undefined>).status_only === 'true';
    const input = statusOnly
      ? parseInput(statusOnlyInput, request.body)
      : parseInput(updateTokenInput, request.body);
    return ok(await updateToken(context, request.user!, input, statusOnly));
  });
  app.delete('/api/token/:id', asUser, async (request) => {
    await deleteToken(context, request.user!, readId((request.params as { id: string }).id));
    return ok();
  });
}
