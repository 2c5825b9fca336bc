/**
 * Messages of daily check-in (docs/checkin.md), in both console languages. Registered here, when the
 * check-in routes are loaded (./routes.ts imports this file), so the area keeps its texts to itself.
 */
import { type MessageTable, registerMessages } from '../../lib/messages.ts';

export const checkinMessages = {
  'checkin.not_enabled': { en: 'Check-in is not enabled', zh: '签到功能未启用' },
  'checkin.already_done': { en: 'You have already checked in today', zh: '今日已签到' },
  'checkin.done': { en: 'Checked in', zh: '签到成功' },
  'checkin.month_invalid': {
    en: 'The month must be written YYYY-MM, e.g. 2026-01',
    zh: '月份格式应为 YYYY-MM，例如 2026-01',
  },
} as const satisfies MessageTable;

registerMessages(checkinMessages);

/** Makes these keys `MessageKey`s. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    checkin: typeof checkinMessages;
  }
}
