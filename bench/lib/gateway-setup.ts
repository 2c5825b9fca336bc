/**
 * Prepares a freshly booted gateway over its HTTP API, as an operator would: root setup and login,
 * one OpenAI channel pointing at the fake upstream, a user with quota, and an unlimited `sk-` key — with no
 * traffic limits unless the phase asks for some (docs/limits.md; phase 7, bench/phases/limited-key.ts).
 */
import type { LimitSet } from '../../common/traffic-limits.ts';
import type { TokenView } from '../../server/src/api/tokens/view.ts';
import {
  type ApiClient,
  createUserAndLogin,
  loginAsRoot,
} from '../../server/src/test-support/test-server.ts';

export const BENCH_MODEL = 'gpt-4o-mini';
export const UPSTREAM_KEY = 'bench-upstream-key';

export interface ProvisionedGateway {
  apiKey: string;
  userId: number;
  tokenId: number;
  initialUserQuota: number;
  /** The key owner's console session (reads the key's `limit_usage`). */
  user: ApiClient;
}

export interface ProvisionOptions {
  /** Traffic limits of the key, set as the console sets them (`POST /api/token/` `limits`); none by default. */
  limits?: LimitSet;
}

export async function provisionGateway(
  gatewayUrl: string,
  upstreamUrl: string,
  initialUserQuota: number,
  options: ProvisionOptions = {},
): Promise<ProvisionedGateway> {
  const server = { url: gatewayUrl };
  const root = await loginAsRoot(server);
  const channel = await root.post('/api/channel/', {
    type: 1,
    name: 'bench-fake-upstream',
    key: UPSTREAM_KEY,
    base_url: upstreamUrl,
    models: BENCH_MODEL,
    group: 'default',
  });
  if (!channel.body.success) throw new Error(`channel creation failed: ${channel.body.message}`);
  const user = await createUserAndLogin(server, root, 'bench-user');
  const userId = user.currentUserId!;
  const quota = await root.put('/api/user/', { id: userId, quota: initialUserQuota });
  if (!quota.body.success) throw new Error(`setting the user quota failed: ${quota.body.message}`);
  const token = await user.post<TokenView>('/api/token/', {
    name: 'bench',
    unlimited_quota: true,
    remain_quota: 0,
    expired_time: -1,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  if (!token.body.success || !token.body.data) throw new Error(`key creation failed: ${token.body.message}`);
  return {
    apiKey: `sk-${token.body.data.key}`,
    userId,
    tokenId: token.body.data.id,
    initialUserQuota,
    user,
  };
}
