/** TanStack Query hooks of the personal settings screen. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteSelf,
  fetchAffiliateCode,
  fetchSelf,
  fetchSelfGroups,
  generateAccessToken,
  type UpdateSelfPayload,
  updateSelf,
} from '../../api/users.ts';
import { ensureSuccess, reportFailure, unwrapReply, useReportedError } from '../users/reply-data.ts';

export const personalQueryKeys = {
  self: ['user', 'self'] as const,
  selfGroups: ['user', 'self', 'groups'] as const,
  affiliateCode: ['user', 'aff'] as const,
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
