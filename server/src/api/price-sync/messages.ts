/**
 * Messages of the price sync (docs/model-catalogue.md "Price sync"), in both console languages.
 * Registered here, when the price sync is loaded (./service.ts and ./routes.ts import this file).
 */
import { type MessageTable, registerMessages } from '../../lib/messages.ts';

export const priceSyncMessages = {
  'price_sync.no_source': { en: 'Choose at least one price source', zh: '请至少选择一个价格来源' },
  'price_sync.source_not_url': {
    en: 'Price source "{name}" is not a valid address',
    zh: '价格来源「{name}」不是有效的地址',
  },
  'price_sync.source_not_http': {
    en: 'Price source "{name}" must be an http(s) address',
    zh: '价格来源「{name}」必须是 http(s) 地址',
  },
  'price_sync.source_refused': {
    en: 'Price source "{name}" is refused: {reason}',
    zh: '价格来源「{name}」被拒绝：{reason}',
  },
  'price_sync.no_change': { en: 'Choose at least one change to apply', zh: '请至少选择一项要应用的更改' },
} as const satisfies MessageTable;

registerMessages(priceSyncMessages);

/** Makes these keys `MessageKey`s. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    priceSync: typeof priceSyncMessages;
  }
}
