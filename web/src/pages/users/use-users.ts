/** TanStack Query hooks of the user-management screens. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { reportFailure, unwrapReply } from '../../api/client.ts';
import {
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
import { patchListRow, useListMutation } from '../../components/use-list-mutation.ts';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
import { applyManageResult } from './user-row-state.ts';

export const userQueryKeys = {
  lists: ['users', 'list'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  groups: ['groups'] as const,
};

export function useUserList(query: UserListQuery) {
  return usePageQuery(userQueryKeys.list(query), () => fetchUsers(query));
}

export function useUserDetail(id: number) {
  return useReplyQuery({
    queryKey: userQueryKeys.detail(id),
    fetch: () => fetchUser(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useGroups() {
  return useReplyQuery({
    queryKey: userQueryKeys.groups,
    fetch: fetchGroups,
    staleTime: 60_000,
    fallback: [],
  });
}

/** The site's groups as select options, followed by `also` (e.g. groups already chosen) when missing. */
export function useGroupOptions(also: readonly string[] = []) {
  const groupsQuery = useGroups();
  const names = [...new Set([...(groupsQuery.data ?? []), ...also])];
  return { options: names.map((name) => ({ label: name, value: name })), loading: groupsQuery.isLoading };
}

export function useCreateUser() {
  const { t } = useTranslation();
  return useListMutation({
    call: createUser,
    success: () => t('users.add.success'),
    lists: userQueryKeys.lists,
    reloads: true,
  });
}

export function useUpdateUser() {
  const { t } = useTranslation();
  return useListMutation({
    call: updateUser,
    success: () => t('users.edit.success'),
    lists: userQueryKeys.lists,
    reloads: true,
    alsoReloads: (payload: UpdateUserPayload) => userQueryKeys.detail(payload.id),
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
      patchListRow<UserView>(queryClient, userQueryKeys.lists, id, (user) =>
        applyManageResult(user, action, result),
      );
      await queryClient.invalidateQueries({ queryKey: userQueryKeys.detail(id) });
      if (action === 'delete') await queryClient.invalidateQueries({ queryKey: userQueryKeys.lists });
    },
    onError: reportFailure,
  });
}
