/** First-run initialization (docs/reference/console-screens.md Setup, docs/reference/console-validation.md): the root account, the usage mode, the setup record. */

import type { SetupPayload, SetupStatus } from '../../../../common/api-types.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../common/limits.ts';
import { Role } from '../../../../common/roles.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { createUser } from '../users/create-user.ts';
import { validUsername } from '../users/credentials.ts';

const ROOT_INITIAL_QUOTA = 100_000_000;

export async function rootExists(context: AppContext): Promise<boolean> {
  const row = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('role', '>=', Role.root)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function loadSetupDone(context: Pick<AppContext, 'database'>): Promise<boolean> {
  const row = await context.database.db.selectFrom('setups').select('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the system is set up. Until this process has seen it done, the database is asked: another
 * instance or worker may have run the setup (one cheap query per call, only before setup).
 */
export async function setupDone(context: Pick<AppContext, 'database' | 'setup'>): Promise<boolean> {
  if (!context.setup.done && (await loadSetupDone(context))) context.setup.done = true;
  return context.setup.done;
}

export async function getSetupStatus(context: AppContext): Promise<SetupStatus> {
  return {
    status: await setupDone(context),
    root_init: await rootExists(context),
    database_type: context.database.dialect,
  };
}

let running: Promise<void> | undefined;

/** Serialised: two setup calls at once cannot create two root accounts. */
export async function runSetup(context: AppContext, payload: SetupPayload): Promise<void> {
  while (running) await running.catch(() => undefined);
  running = performSetup(context, payload);
  try {
    await running;
  } finally {
    running = undefined;
  }
}

async function performSetup(context: AppContext, payload: SetupPayload): Promise<void> {
  if (context.setup.done || (await loadSetupDone(context))) {
    context.setup.done = true;
    throw businessFailure('setup.done');
  }
  if (payload.SelfUseModeEnabled && payload.DemoSiteEnabled) throw businessFailure('setup.mode_conflict');
  if (!(await rootExists(context))) {
    if (payload.username.trim() === '') throw businessFailure('setup.username_required');
    const username = validUsername(payload.username);
    if (payload.password.length < PASSWORD_MIN_LENGTH) {
      throw businessFailure('setup.password_too_short', { min: PASSWORD_MIN_LENGTH });
    }
    if (payload.password !== payload.confirmPassword) throw businessFailure('setup.password_mismatch');
    await createUser(context, {
      username,
      password: payload.password,
      displayName: 'Root User',
      role: Role.root,
      initialQuota: ROOT_INITIAL_QUOTA,
    });
  }
  await context.options.set('SelfUseModeEnabled', String(payload.SelfUseModeEnabled));
  await context.options.set('DemoSiteEnabled', String(payload.DemoSiteEnabled));
  await context.database.db
    .insertInto('setups')
    .values({ version: context.version, initialized_at: Math.floor(Date.now() / 1000) })
    .execute();
  context.setup.done = true;
}
