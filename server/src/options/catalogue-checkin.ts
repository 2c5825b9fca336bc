/**
 * The options of daily check-in rewards, in new-api's names (its setting/operation_setting
 * checkin_setting.go, stored as `checkin_setting.*` rows); ./catalogue.ts lists them with every other
 * option. docs/checkin.md says what each does. Rewards are whole quota units from 0 to new-api's int
 * column limit; a minimum above the maximum is refused by the console and, should a database hold one
 * anyway, the two are swapped when a reward is drawn (server/src/api/checkin/reward.ts), as new-api does.
 */
import { flag, number, type OptionDefinition } from './definitions.ts';

/** `checkins.quota_awarded` is a 32-bit int in new-api's schema. */
export const CHECKIN_QUOTA_MAXIMUM = 2_147_483_647;

export const CHECKIN_OPTIONS: OptionDefinition[] = [
  /** Users may check in once a day for a random reward. */
  flag('checkin_setting.enabled', false),
  /** The smallest reward of a check-in, in quota units. */
  number('checkin_setting.min_quota', 1000, { minimum: 0, maximum: CHECKIN_QUOTA_MAXIMUM }),
  /** The largest reward of a check-in, in quota units. */
  number('checkin_setting.max_quota', 10000, { minimum: 0, maximum: CHECKIN_QUOTA_MAXIMUM }),
];
