/**
 * Typed calls of the users API (docs/reference/console-api.md "Users and auth"). Every call resolves to the server's
 * {success, message, data} reply; HTTP failures are thrown by the shared client as ApiError.
 */
import type { Page } from '../../../common/api/reply.ts';
import type {
  CreateUserPayload,
  ManagePayload,
  ManageResult,
  UpdateSelfPayload,
  UpdateUserPayload,
  UserGroupInfo,
  UserSetting,
  UserView,
} from '../../../common/api/users.ts';
import type { ManageAction } from '../../../common/roles.ts';
import { http } from './client.ts';

export type { CreateUserPayload, UpdateSelfPayload, UpdateUserPayload, UserView };

export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

/** The paged list, or the search endpoint when a keyword or a group is given. */
export function fetchUsers(query: UserListQuery) {
  const keyword = query.keyword.trim();
  const paging = { p: query.page, page_size: query.pageSize };
  if (keyword === '' && query.group === '') {
    return http.get<Page<UserView>>('/api/user/', paging);
  }
  return http.get<Page<UserView>>('/api/user/search', { keyword, group: query.group, ...paging });
}

export function fetchUser(id: number) {
  return http.get<UserView>(`/api/user/${id}`);
}

export function createUser(payload: CreateUserPayload) {
  return http.post<unknown>('/api/user/', payload);
}

export function updateUser(payload: UpdateUserPayload) {
  return http.put<unknown>('/api/user/', payload);
}

export function manageUser(id: number, action: ManageAction) {
  return http.post<ManageResult>('/api/user/manage', { id, action } satisfies ManagePayload);
}

export function fetchGroups() {
  return http.get<string[]>('/api/group/');
}

export function fetchSelf() {
  return http.get<UserView>('/api/user/self');
}

export function updateSelf(payload: UpdateSelfPayload) {
  return http.put<unknown>('/api/user/self', payload);
}

export function deleteSelf() {
  return http.del<unknown>('/api/user/self');
}

/** Generates (and replaces) the caller's 32-character system access token. */
export function generateAccessToken() {
  return http.get<string>('/api/user/token');
}

export function fetchAffiliateCode() {
  return http.get<string>('/api/user/aff');
}

export function fetchSelfGroups() {
  return http.get<Record<string, UserGroupInfo>>('/api/user/self/groups');
}

/** Saves the notification and price settings; an empty webhook_secret keeps the stored one. */
export function updateUserSetting(setting: Required<UserSetting>) {
  return http.put<unknown>('/api/user/setting', setting);
}

/** Names of the models the caller's groups can use. */
export function fetchUserModels() {
  return http.get<string[]>('/api/user/models');
}
