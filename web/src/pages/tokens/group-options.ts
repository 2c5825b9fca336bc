/**
 * The token form's group choices (docs/reference/console-validation.md "Token form"): the groups from GET /api/user/self/groups;
 * when the site uses 'auto' as the default group, an 'auto' choice comes first and new tokens start on it.
 */
import type { UserGroupInfo } from '../../../../common/api-types.ts';
import { AUTO_GROUP } from '../../../../common/limits.ts';

export interface GroupChoice {
  group: string;
  desc: string;
  ratio: number | string;
}

export function tokenGroupChoices(
  groups: Record<string, UserGroupInfo> | undefined,
  defaultUseAutoGroup: boolean,
  currentGroup = '',
): GroupChoice[] {
  const choices: GroupChoice[] = Object.entries(groups ?? {}).map(([group, info]) => ({
    group,
    desc: info.desc,
    ratio: info.ratio,
  }));
  if (defaultUseAutoGroup) {
    const autoIndex = choices.findIndex((choice) => choice.group === AUTO_GROUP);
    const [auto] =
      autoIndex >= 0 ? choices.splice(autoIndex, 1) : [{ group: AUTO_GROUP, desc: '', ratio: '' }];
    if (auto) choices.unshift(auto);
  }
  // A token keeps showing a group it was given even if that group is no longer offered.
  if (currentGroup && !choices.some((choice) => choice.group === currentGroup)) {
    choices.push({ group: currentGroup, desc: '', ratio: '' });
  }
  return choices;
}

/** The group of a new token: 'auto' when that is the site default, else empty (the user's own group). */
export function defaultTokenGroup(defaultUseAutoGroup: boolean): string {
  return defaultUseAutoGroup ? AUTO_GROUP : '';
}
