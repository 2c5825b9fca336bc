import { describe, expect, it } from 'vitest';
import { Role } from '../../../common/roles.ts';
import { checkCreate, checkManage, checkRead, checkUpdate } from './rank.ts';

const { common, admin, root } = Role;

describe('checkRead / checkUpdate', () => {
  it.each([
    [admin, common, null, null],
    [admin, admin, 'rank.read', 'rank.update'],
    [admin, root, 'rank.read', 'rank.update'],
    [common, common, 'rank.read', 'rank.update'],
    [root, admin, null, null],
    [root, root, null, null],
  ])('actor %i on target %i', (actor, target, read, update) => {
    expect(checkRead(actor, target)).toBe(read);
    expect(checkUpdate(actor, target)).toBe(update);
  });
});

describe('checkCreate', () => {
  it.each([
    [admin, common, null],
    [admin, admin, 'rank.create'],
    [admin, root, 'rank.create'],
    [root, admin, null],
    [root, root, 'rank.create'],
  ])('actor %i creating role %i', (actor, role, expected) => {
    expect(checkCreate(actor, role)).toBe(expected);
  });
});

describe('checkManage', () => {
  it.each([
    [admin, common, 'promote', 'rank.promote_admin'],
    [root, common, 'promote', null],
    [root, admin, 'promote', 'rank.already_admin'],
    [root, admin, 'demote', null],
    [root, common, 'demote', 'rank.already_common'],
    [root, root, 'demote', 'rank.root_demote'],
    [root, root, 'disable', 'rank.root_disable'],
    [root, root, 'delete', 'rank.root_delete'],
    [root, root, 'enable', null],
    [admin, common, 'disable', null],
    [admin, common, 'delete', null],
    [admin, common, 'enable', null],
    [admin, common, 'demote', 'rank.already_common'],
    [admin, admin, 'disable', 'rank.update'],
    [admin, admin, 'demote', 'rank.update'],
    [admin, root, 'disable', 'rank.update'],
    [admin, root, 'delete', 'rank.update'],
    [common, common, 'enable', 'rank.update'],
  ] as const)('actor %i on target %i: %s', (actor, target, action, expected) => {
    expect(checkManage(actor, target, action)).toBe(expected);
  });
});
