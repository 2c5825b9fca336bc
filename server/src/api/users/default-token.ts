/**
 * GENERATE_DEFAULT_TOKEN (server/src/config.ts): the first key new-api gives a user who registers — named
 * "<username>的初始令牌", unlimited, never expiring, in the `auto` group when DefaultUseAutoGroup is on.
 * Written here rather than through the token service, which reads the user's groups from this folder.
 */
import { AUTO_GROUP } from '../../../../common/limits.ts';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertReturningId } from '../../db/insert.ts';
import { randomAlphanumeric } from '../../lib/random.ts';

/** tokens.key is char(48) (server/src/db/schema.ts), as the token service makes them. */
const KEY_LENGTH = 48;

export async function createDefaultToken(
  context: AppContext,
  userId: number,
  username: string,
): Promise<void> {
  const { db, dialect } = context.database;
  const now = Math.floor(Date.now() / 1000);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const id = await insertReturningId(db, dialect, 'tokens', {
        user_id: userId,
        key: randomAlphanumeric(KEY_LENGTH),
        name: `${username}的初始令牌`,
        status: TokenStatus.enabled,
        created_time: now,
        accessed_time: now,
        expired_time: -1,
        remain_quota: 500_000,
        unlimited_quota: 1,
        model_limits_enabled: 0,
        group: context.options.getBoolean('DefaultUseAutoGroup') ? AUTO_GROUP : '',
      });
      await context.accounts.refreshToken(id);
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not generate a unique token key');
}
