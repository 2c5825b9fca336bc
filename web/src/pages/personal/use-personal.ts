/** TanStack Query hooks of the personal settings screen. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useReportedError } from '../../components/use-reported-error.ts';
import type { SettingFormValues } from './user-setting-rules.ts';

export const personalQueryKeys = {
  self: ['user', 'self'] as const,
  selfGroups: ['user', 'self', 'groups'] as const,
  affiliateCode: ['user', 'aff'] as const,
  models: ['user', 'models'] as const,
};

export function useSelf() {
  const result = useQuery({
    queryKey: personalQueryKeys.self,
    queryFn: async () => unwrapReply(await fetchSelf()),
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useSelfGroups() {
  const result = useQuery({
    queryKey: personalQueryKeys.selfGroups,
    queryFn: async () => unwrapReply(await fetchSelfGroups()) ?? {},
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useAffiliateCode() {
  const result = useQuery({
    queryKey: personalQueryKeys.affiliateCode,
    queryFn: async () => unwrapReply(await fetchAffiliateCode()),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Updates the caller's own profile or password; the self query is refreshed afterwards. */
export function useUpdateSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: UpdateSelfPayload) => ensureSuccess(await updateSelf(payload)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalQueryKeys.self }),
    onError: reportFailure,
  });
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
  const result = useQuery({
    queryKey: personalQueryKeys.models,
    queryFn: async () => unwrapReply(await fetchUserModels()) ?? [],
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Saves the notification and price settings; the self query (holding the setting text) is refreshed. */
export function useUpdateUserSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: SettingFormValues) => ensureSuccess(await updateUserSetting(setting)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalQueryKeys.self }),
    onError: reportFailure,
  });
}

/** Re-reads the caller's account, e.g. after a binding changed one of its ids. */
export function useRefreshSelf(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: personalQueryKeys.self });
}
