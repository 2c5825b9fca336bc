/**
 * /api/user/passkey/*, new-api's passkey routes (docs/security.md): registration and the list of one's passkeys,
 * deletion, passwordless sign-in, and the admin reset DELETE /api/user/:id/reset_passkey. Ceremonies run with
 * @simplewebauthn/server; challenges live in ../../auth/passkeys/challenges.ts.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { Role, UserStatus } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import { beginCeremony, challengeCheck } from '../../auth/passkeys/challenges.ts';
import { relyingParty, requirePasskeys } from '../../auth/passkeys/relying-party.ts';
import {
  deletePasskeys,
  findPasskeyByCredentialId,
  listPasskeys,
  recordPasskeyUse,
  savePasskey,
  toPasskeyView,
  toWebAuthnCredential,
} from '../../auth/passkeys/store.ts';
import { checkUpdate } from '../../auth/rank.ts';
import { beginSession, revokeSessions } from '../../auth/session.ts';
import { markVerified } from '../../auth/two-factor/verification.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure, forbidden } from '../../lib/errors.ts';
import { ok, parseInput, readId } from '../reply.ts';
import { findUserById } from '../users/repository.ts';
import { toSessionUser } from '../users/view.ts';
import { credentialResponseInput } from './schemas.ts';

const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * @simplewebauthn/server, loaded on the first ceremony: it costs about 30 MB of memory, which a gateway
 * without passkeys should not carry.
 */
let webAuthnLibrary: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webAuthn = () => {
  webAuthnLibrary ??= import('@simplewebauthn/server');
  return webAuthnLibrary;
};

/** Any failure of a ceremony gets the same answer; the library's detail stays on the server. */
async function verified<T>(context: AppContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    context.logger.info({ reason: (error as Error).message }, 'passkey ceremony refused');
    throw businessFailure('passkey.verification_failed');
  }
}

/**
 * Checks a passkey assertion against the stored credential and the spent challenge, then records its use
 * (counter, user verification, backup state); any failure is `passkey.verification_failed`.
 */
async function checkAssertion(
  context: AppContext,
  party: ReturnType<typeof relyingParty>,
  response: AuthenticationResponseJSON,
  expectedChallenge: (challenge: string) => Promise<boolean>,
  row: NonNullable<Awaited<ReturnType<typeof findPasskeyByCredentialId>>>,
): Promise<void> {
  const result = await verified(context, async () =>
    (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: party.origins,
      expectedRPID: party.id,
      credential: toWebAuthnCredential(row),
      requireUserVerification: party.userVerification === 'required',
    }),
  );
  if (!result.verified) throw businessFailure('passkey.verification_failed');
  await recordPasskeyUse(context.database, row.id, {
    counter: result.authenticationInfo.newCounter,
    userVerified: result.authenticationInfo.userVerified,
    backedUp: result.authenticationInfo.credentialBackedUp,
  });
}

export function registerPasskeyRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const critical = { config: { ipLimit: 'critical' as const } };

  app.get('/api/user/passkey', asUser, async (request) => {
    const rows = await listPasskeys(db, request.user!.id);
    const passkeys = rows.map(toPasskeyView);
    const lastUsed =
      passkeys
        .map((passkey) => passkey.last_used_at)
        .filter(Boolean)
        .sort()
        .at(-1) ?? null;
    return ok({ enabled: passkeys.length > 0, last_used_at: lastUsed, passkeys });
  });

  app.post('/api/user/passkey/register/begin', asUser, async (request, reply) => {
    requirePasskeys(context.options);
    const user = request.user!;
    const party = relyingParty(context.options, request);
    const existing = await listPasskeys(db, user.id);
    const options = await (await webAuthn()).generateRegistrationOptions({
      rpName: party.name,
      rpID: party.id,
      userName: user.username,
      userID: new TextEncoder().encode(String(user.id)),
      userDisplayName: user.displayName || user.username,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => {
        const credential = toWebAuthnCredential(row);
        return { id: credential.id, ...(credential.transports ? { transports: credential.transports } : {}) };
      }),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: party.userVerification,
        ...(party.attachment ? { authenticatorAttachment: party.attachment } : {}),
      },
    });
    await beginCeremony(db, request, reply, 'register', user.id, options.challenge);
    return ok({ options });
  });

  app.post('/api/user/passkey/register/finish', { ...asUser, ...critical }, async (request, reply) => {
    requirePasskeys(context.options);
    const user = request.user!;
    const response = parseInput(credentialResponseInput, request.body) as unknown as RegistrationResponseJSON;
    const party = relyingParty(context.options, request);
    const expectedChallenge = challengeCheck(db, request, reply, 'register', user.id);
    const result = await verified(context, async () =>
      (await webAuthn()).verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: party.origins,
        expectedRPID: party.id,
        requireUserVerification: party.userVerification === 'required',
      }),
    );
    if (!result.verified) throw businessFailure('passkey.verification_failed');
    const info = result.registrationInfo;
    if (await findPasskeyByCredentialId(db, info.credential.id))
      throw businessFailure('passkey.verification_failed');
    await savePasskey(context.database, user.id, {
      credential: info.credential,
      aaguid: info.aaguid,
      fmt: info.fmt,
      userVerified: info.userVerified,
      backedUp: info.credentialBackedUp,
      multiDevice: info.credentialDeviceType === 'multiDevice',
      attachment: response.authenticatorAttachment,
    });
    return ok();
  });

  app.delete('/api/user/passkey', asUser, async (request) => {
    await deletePasskeys(db, request.user!.id);
    return ok();
  });

  app.delete('/api/user/passkey/:id', asUser, async (request) => {
    const rowId = readId((request.params as { id: string }).id);
    if ((await deletePasskeys(db, request.user!.id, rowId)) === 0) throw businessFailure('passkey.not_found');
    return ok();
  });

  app.post('/api/user/passkey/login/begin', critical, async (request, reply) => {
    requirePasskeys(context.options);
    const party = relyingParty(context.options, request);
    // Discoverable credentials: the authenticator offers the user's passkeys for this site.
    const options = await (await webAuthn()).generateAuthenticationOptions({
      rpID: party.id,
      userVerification: party.userVerification,
      timeout: CEREMONY_TIMEOUT_MS,
    });
    await beginCeremony(db, request, reply, 'login', 0, options.challenge);
    return ok({ options });
  });

  app.post('/api/user/passkey/login/finish', critical, async (request, reply) => {
    requirePasskeys(context.options);
    const response = parseInput(
      credentialResponseInput,
      request.body,
    ) as unknown as AuthenticationResponseJSON;
    const party = relyingParty(context.options, request);
    const expectedChallenge = challengeCheck(db, request, reply, 'login', 0);
    const row = await findPasskeyByCredentialId(db, response.id);
    if (!row) {
      await expectedChallenge(''); // the challenge is spent either way
      throw businessFailure('passkey.verification_failed');
    }
    await checkAssertion(context, party, response, expectedChallenge, row);
    const user = await findUserById(db, row.user_id);
    if (!user || user.deleted_at !== null || user.status !== UserStatus.enabled)
      throw businessFailure('passkey.verification_failed');
    await beginSession(db, request, reply, user.id);
    return ok(toSessionUser(user));
  });

  // Asking again before a sensitive action with one of the caller's own passkeys (see POST /api/verify).
  app.post('/api/user/passkey/verify/begin', asUser, async (request, reply) => {
    requirePasskeys(context.options);
    const user = request.user!;
    const party = relyingParty(context.options, request);
    const rows = await listPasskeys(db, user.id);
    if (rows.length === 0) throw businessFailure('passkey.not_found');
    const options = await (await webAuthn()).generateAuthenticationOptions({
      rpID: party.id,
      userVerification: party.userVerification,
      timeout: CEREMONY_TIMEOUT_MS,
      allowCredentials: rows.map((row) => {
        const credential = toWebAuthnCredential(row);
        return { id: credential.id, ...(credential.transports ? { transports: credential.transports } : {}) };
      }),
    });
    await beginCeremony(db, request, reply, 'verify', user.id, options.challenge);
    return ok({ options });
  });

  app.post('/api/user/passkey/verify/finish', { ...asUser, ...critical }, async (request, reply) => {
    requirePasskeys(context.options);
    const user = request.user!;
    const response = parseInput(
      credentialResponseInput,
      request.body,
    ) as unknown as AuthenticationResponseJSON;
    const party = relyingParty(context.options, request);
    const expectedChallenge = challengeCheck(db, request, reply, 'verify', user.id);
    const row = await findPasskeyByCredentialId(db, response.id);
    if (!row || row.user_id !== user.id) {
      await expectedChallenge('');
      throw businessFailure('passkey.verification_failed');
    }
    await checkAssertion(context, party, response, expectedChallenge, row);
    await markVerified(db, request, reply, user.id);
    return ok({ verified: true, expires_in: 300 });
  });

  app.delete('/api/user/:id/reset_passkey', asAdmin, async (request) => {
    const targetId = readId((request.params as { id: string }).id);
    const target = await findUserById(db, targetId);
    if (!target || target.deleted_at !== null) throw businessFailure('user.not_found');
    if (checkUpdate(request.user!.role, target.role)) throw forbidden('twofa.rank');
    await deletePasskeys(db, targetId);
    await revokeSessions(db, targetId);
    return ok();
  });
}
