/**
 * The enabled-token helper of the chat pages (docs/reference/console-api.md "Tokens"): GET /api/token/?p=0&size=100 and keep
 * the keys of enabled tokens, newest first.
 */
import { TokenStatus } from '../../../../common/statuses.ts';
import { unwrapReply } from '../../api/client.ts';
import { fetchNewestTokens, type TokenView } from '../../api/tokens.ts';

export const ENABLED_TOKEN_FETCH_SIZE = 100;
/** How long the "no enabled token" message shows before the page moves to /token. */
export const NO_TOKEN_REDIRECT_DELAY_MS = 1500;
export const NO_TOKEN_REDIRECT_PATH = '/token';

export function enabledTokenKeys(tokens: readonly Pick<TokenView, 'status' | 'key'>[]): string[] {
  return tokens.filter((token) => token.status === TokenStatus.enabled).map((token) => token.key);
}

export async function fetchEnabledTokenKeys(): Promise<string[]> {
  const page = unwrapReply(await fetchNewestTokens(ENABLED_TOKEN_FETCH_SIZE));
  return enabledTokenKeys(page?.items ?? []);
}
