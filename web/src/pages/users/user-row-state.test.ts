import { describe, expect, it } from 'vitest';
import type { UserView } from '../../../../common/api-types.ts';
import { applyManageResult, isCancelled, roleLabel, rowActionState, statusLabel } from './user-row-state.ts';

const baseUser: UserView = {
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  email: '',
  github_id: '',
  oidc_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  group: 'default',
  quota: 100,
  used_quota: 0,
  request_count: 0,
  aff_code: 'abcd',
  aff_count: 0,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
  DeletedAt: null,
  setting: '',
  remark: '',
};

describe('roleLabel', () => {
  it.each([
    [1, 'users.role.common'],
    [10, 'users.role.admin'],
    [100, 'users.role.root'],
    [0, 'users.role.unknown'],
    [5, 'users.role.unknown'],
    [101, 'users.role.unknown'],
  ])('role %i is %s', (role, key) => {
    expect(roleLabel(role).key).toBe(key);
  });
});

describe('statusLabel', () => {
  it.each([
    [{ status: 1, DeletedAt: null }, 'users.status.activated'],
    [{ status: 2, DeletedAt: null }, 'users.status.banned'],
    [{ status: 3, DeletedAt: null }, 'users.status.unknown'],
    [{ status: 0, DeletedAt: null }, 'users.status.unknown'],
    [{ status: 1, DeletedAt: '2024-01-01T00:00:00Z' }, 'users.status.cancelled'],
    [{ status: 2, DeletedAt: '2024-01-01T00:00:00Z' }, 'users.status.cancelled'],
  ])('%o is %s', (user, key) => {
    expect(statusLabel(user).key).toBe(key);
  });
});

describe('isCancelled', () => {
  it.each([
    [null, false],
    ['', false],
    ['2024-05-01T10:00:00Z', true],
  ])('DeletedAt %o gives %s', (deletedAt, expected) => {
    expect(isCancelled({ DeletedAt: deletedAt })).toBe(expected);
  });
});

describe('rowActionState', () => {
  it.each([
    [
      { status: 1, DeletedAt: null },
      { visible: true, toggle: 'disable', toggleDisabled: false },
    ],
    [
      { status: 2, DeletedAt: null },
      { visible: true, toggle: 'enable', toggleDisabled: false },
    ],
    [
      { status: 3, DeletedAt: null },
      { visible: true, toggle: 'enable', toggleDisabled: true },
    ],
    [
      { status: 1, DeletedAt: '2024-01-01T00:00:00Z' },
      { visible: false, toggle: 'disable', toggleDisabled: false },
    ],
  ])('%o offers %o', (user, expected) => {
    expect(rowActionState(user)).toEqual(expected);
  });
});

describe('applyManageResult', () => {
  const now = new Date('2025-02-03T04:05:06.000Z');

  it.each([
    ['promote', { status: 1, role: 10 }, { status: 1, role: 10, DeletedAt: null }],
    ['demote', { status: 1, role: 1 }, { status: 1, role: 1, DeletedAt: null }],
    ['disable', { status: 2, role: 1 }, { status: 2, role: 1, DeletedAt: null }],
    ['enable', { status: 1, role: 1 }, { status: 1, role: 1, DeletedAt: null }],
    ['delete', { status: 1, role: 1 }, { status: 1, role: 1, DeletedAt: now.toISOString() }],
    ['delete', undefined, { status: 1, role: 1, DeletedAt: now.toISOString() }],
  ] as const)('%s with %o gives %o', (action, result, expected) => {
    const updated = applyManageResult(baseUser, action, result, now);
    expect({ status: updated.status, role: updated.role, DeletedAt: updated.DeletedAt }).toEqual(expected);
    expect(updated.username).toBe('alice');
  });

  it('leaves the original row untouched', () => {
    applyManageResult(baseUser, 'disable', { status: 2, role: 1 }, now);
    expect(baseUser.status).toBe(1);
  });
});
