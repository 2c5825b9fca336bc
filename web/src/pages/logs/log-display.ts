/** How a log row is labelled (docs/reference/console-states.md "Log types"): the type filter, the type tag and which cells apply. */
import { LogType } from '../../../../common/statuses.ts';

export interface LogTypeOption {
  value: number;
  /** i18n key of the option text. */
  key: string;
}

/** The type dropdown: 0 means every type. */
export const LOG_TYPE_OPTIONS: readonly LogTypeOption[] = [
  { value: LogType.unknown, key: 'logs.type.all' },
  { value: LogType.topup, key: 'logs.type.topup' },
  { value: LogType.consume, key: 'logs.type.consume' },
  { value: LogType.manage, key: 'logs.type.manage' },
  { value: LogType.system, key: 'logs.type.system' },
  { value: LogType.error, key: 'logs.type.error' },
];

export interface LogTypeTag {
  key: string;
  /** antd Tag colour. */
  color: string;
}

/** The tag of the type column; unknown codes get a grey 'unknown' tag. */
export function logTypeTag(type: number): LogTypeTag {
  switch (type) {
    case LogType.topup:
      return { key: 'logs.type.topup', color: 'cyan' };
    case LogType.consume:
      return { key: 'logs.type.consume', color: 'green' };
    case LogType.manage:
      return { key: 'logs.type.manage', color: 'orange' };
    case LogType.system:
      return { key: 'logs.type.system', color: 'purple' };
    case LogType.error:
      return { key: 'logs.type.error', color: 'red' };
    default:
      return { key: 'logs.type.unknown', color: 'default' };
  }
}

/**
 * Channel, token, group, model, use time, tokens and quota only mean something for consumption rows
 * (type 2, and type 0 in old databases); other rows leave those cells empty.
 */
export function showsUsage(type: number): boolean {
  return type === LogType.unknown || type === LogType.consume;
}
