/** TanStack Query hooks of the personal settings screen. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ensureSuccess, reportFailure, unwrapReply } from '../../api/client.ts';
import {
  deleteSelf,
  fetchAffiliateCode,
  fetchSelf,
  fetchSelfGroups,
  fetchUserModels,
  generateAccessToken,
  type UpdateSelfPayload,
  updateSelf,
  updateUserSetting,
} from '../../api/users.ts';
import { useReplyQuery } from '../../components/use-reply-query.ts';
import type { SettingFormValues } from './user-setting-rules.ts';

export const personalQueryKeys = {
  self: ['user', 'self'] as const,
  selfGroups: ['user', 'self', 'groups'] as const,
  affiliateCode: ['user', 'aff'] as const,
  models: ['user', 'models'] as const,
};

export function useSelf() {
  return useReplyQuery({ queryKey: personalQueryKeys.self, fetch: fetchSelf });
}

export function useSelfGroups() {
  return useReplyQuery({
    queryKey: personalQueryKeys.selfGroups,
    fetch: fetchSelfGroups,
    staleTime: 60_000,
    fallback: {},
  });
}

export function useAffiliateCode() {
  return useReplyQuery({
    queryKey: personalQueryKeys.affiliateCode,
    fetch: fetchAffiliateCode,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A change to the caller's own account (profile, settings, balance): the self query is refreshed afterwards. */
export function useSelfMutation<Variables, Data>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalQueryKeys.self }),
    onError: reportFailure,
  });
}

/** Updates the caller's own profile or password. */
export function useUpdateSelf() {
  return useSelfMutation(async (payload: UpdateSelfPayload) => ensureSuccess(await updateSelf(payload)));
}

export function useDeleteSelf() {
  return useMutation({
    mutationFn: async () => ensureSuccess(await deleteSelf()),
    onError: reportFailure,
  });
}

export function useGenerateAccessToken() {
  return useMutation({
    mutationFn: async () => unwrapReply(await generateAccessToken()),
    onError: reportFailure,
  });
}

/** Names of the models the caller can use (chips on the personal page). */
export function useUserModels() {
  return useReplyQuery({
    queryKey: personalQueryKeys.models,
    fetch: fetchUserModels,
    staleTime: 60_000,
    fallback: [],
  });
}

/** Saves the notification, price and privacy settings (the self query holds the setting text). */
export function useUpdateUserSetting() {
  return useSelfMutation(async (setting: SettingFormValues) =>
    ensureSuccess(await updateUserSetting(setting)),
  );
}

/** Re-reads the caller's account, e.g. after a binding changed one of its ids. */
export function useRefreshSelf(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: personalQueryKeys.self });
}
