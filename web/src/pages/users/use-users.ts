/** TanStack Query hooks of the user-management screens. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page, UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import {
  type CreateUserPayload,
  createUser,
  fetchGroups,
  fetchUser,
  fetchUsers,
  manageUser,
  type UpdateUserPayload,
  type UserListQuery,
  updateUser,
} from '../../api/users.ts';
import { showSuccess } from '../../components/feedback.ts';
import { ensureSuccess, reportFailure, unwrapReply, useReportedError } from './reply-data.ts';
import { applyManageResult } from './user-row-state.ts';

export const userQueryKeys = {
  lists: ['users', 'list'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  groups: ['groups'] as const,
};

export function useUserList(query: UserListQuery) {
  const result = useQuery({
    queryKey: userQueryKeys.list(query),
    queryFn: async (): Promise<Page<UserView>> => unwrapReply(await fetchUsers(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useUserDetail(id: number) {
  const result = useQuery({
    queryKey: userQueryKeys.detail(id),
    queryFn: async () => unwrapReply(await fetchUser(id)),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useGroups() {
  const result = useQuery({
    queryKey: userQueryKeys.groups,
    queryFn: async () => unwrapReply(await fetchGroups()) ?? [],
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useCreateUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: CreateUserPayload) => ensureSuccess(await createUser(payload)),
    onSuccess: async () => {
      showSuccess(t('users.add.success'));
      await queryClient.invalidateQueries({ queryKey: userQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

export function useUpdateUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: UpdateUserPayload) => ensureSuccess(await updateUser(payload)),
    onSuccess: async (_nothing, payload) => {
      showSuccess(t('users.edit.success'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKeys.lists }),
        queryClient.invalidateQueries({ queryKey: userQueryKeys.detail(payload.id) }),
      ]);
    },
    onError: reportFailure,
  });
}

export interface ManageRequest {
  id: number;
  action: ManageAction;
}

/** Promote, demote, disable, enable or cancel a user; the row takes the returned status and role. */
export function useManageUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: ManageRequest) => unwrapReply(await manageUser(id, action)),
    onSuccess: async (result, { id, action }) => {
      showSuccess(t('users.actions.success'));
      queryClient.setQueriesData<Page<UserView>>({ queryKey: userQueryKeys.lists }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((user) =>
                user.id === id ? applyManageResult(user, action, result) : user,
              ),
            }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: userQueryKeys.detail(id) });
      if (action === 'delete') await queryClient.invalidateQueries({ queryKey: userQueryKeys.lists });
    },
    onError: reportFailure,
  });
}
