/**
 * Prepares a freshly booted gateway over its HTTP API, as an operator would: root setup and login,
 * one OpenAI channel pointing at the fake upstream, a user with quota, and an unlimited `sk-` key.
 */
import type { TokenView } from '../../server/src/api/tokens/view.ts';
import { createUserAndLogin, loginAsRoot } from '../../server/src/test-support/test-server.ts';

export const BENCH_MODEL = 'gpt-4o-mini';
export const UPSTREAM_KEY = 'bench-upstream-key';

export interface ProvisionedGateway {
  apiKey: string;
  userId: number;
  tokenId: number;
  initialUserQuota: number;
}

export async function provisionGateway(
  gatewayUrl: string,
  upstreamUrl: string,
  initialUserQuota: number,
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
  });
  if (!token.body.success || !token.body.data) throw new Error(`key creation failed: ${token.body.message}`);
  return { apiKey: `sk-${token.body.data.key}`, userId, tokenId: token.body.data.id, initialUserQuota };
}
