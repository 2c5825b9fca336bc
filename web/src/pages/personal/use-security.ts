/** TanStack Query hooks of the personal page's two-factor and passkey sections (docs/security.md). */
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusinessFailure, ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import {
  beginPasskeyRegistration,
  deletePasskey,
  disableTwoFactor,
  enableTwoFactor,
  finishPasskeyRegistration,
  listPasskeys,
  regenerateBackupCodes,
  setUpTwoFactor,
  twoFactorStatus,
} from '../../api/security.ts';
import { useSession } from '../../components/session.tsx';
import { useReplyQuery } from '../../components/use-reply-query.ts';

const keys = {
  twoFactor: ['user', '2fa'] as const,
  passkeys: ['user', 'passkeys'] as const,
};

export const useTwoFactorStatus = () => useReplyQuery({ queryKey: keys.twoFactor, fetch: twoFactorStatus });
export const usePasskeys = () => useReplyQuery({ queryKey: keys.passkeys, fetch: listPasskeys });

/**
 * `enrols`: the mutation gives the user a second factor, which ends the personal-page-only state of an
 * administrator under AdminTwoFactorRequired (docs/security.md).
 */
function useSecurityMutation<Input, Output>(
  run: (input: Input) => Promise<Output>,
  key: readonly string[],
  enrols = false,
) {
  const client = useQueryClient();
  const { user, setUser } = useSession();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (enrols && user?.require_2fa_setup) setUser({ ...user, require_2fa_setup: false });
      client.invalidateQueries({ queryKey: ['user', 'second-factors'] });
      return client.invalidateQueries({ queryKey: key });
    },
    onError: reportFailure,
  });
}

export const useSetUpTwoFactor = () =>
  useSecurityMutation(async () => unwrapReply(await setUpTwoFactor()), keys.twoFactor);
export const useEnableTwoFactor = () =>
  useSecurityMutation(
    async (code: string) => ensureSuccess(await enableTwoFactor(code)),
    keys.twoFactor,
    true,
  );
export const useDisableTwoFactor = () =>
  useSecurityMutation(async (code: string) => ensureSuccess(await disableTwoFactor(code)), keys.twoFactor);
export const useRegenerateBackupCodes = () =>
  useSecurityMutation(
    async (code: string) => unwrapReply(await regenerateBackupCodes(code)).backup_codes,
    keys.twoFactor,
  );
export const useDeletePasskey = () =>
  useSecurityMutation(async (id: number) => ensureSuccess(await deletePasskey(id)), keys.passkeys);

/** Registers a passkey: the server's options, the browser's authenticator, the server's check. */
export const useRegisterPasskey = (cancelledText: string) =>
  useSecurityMutation(
    async () => {
      const { options } = unwrapReply(await beginPasskeyRegistration());
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch {
        throw new BusinessFailure(cancelledText);
      }
      ensureSuccess(await finishPasskeyRegistration(response));
    },
    keys.passkeys,
    true,
  );
