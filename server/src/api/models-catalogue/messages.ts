/**
 * Messages of the model catalogue (docs/model-catalogue.md), in both console languages. Registered here,
 * when the catalogue's service is loaded (./service.ts and ./routes.ts import this file).
 */
import { type MessageTable, registerMessages } from '../../lib/messages.ts';

export const catalogueMessages = {
  'catalogue.vendor_not_found': { en: 'Vendor not found', zh: '供应商不存在' },
  'catalogue.model_not_found': { en: 'Model not found', zh: '模型不存在' },
  'catalogue.vendor_name_taken': {
    en: 'A vendor named "{name}" already exists',
    zh: '供应商名称「{name}」已存在',
  },
  'catalogue.model_name_taken': {
    en: 'A model named "{name}" already exists',
    zh: '模型名称「{name}」已存在',
  },
  'catalogue.id_required': { en: 'The id is required', zh: '缺少 id' },
  'catalogue.vendor_missing': { en: 'Vendor {id} does not exist', zh: '供应商 {id} 不存在' },
  'catalogue.models_described': {
    en: '{count} models described in the model catalogue from the upstream list',
    zh: '已根据上游列表为模型目录补充 {count} 个模型的信息',
  },
} as const satisfies MessageTable;

registerMessages(catalogueMessages);

/** Makes these keys `MessageKey`s. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    catalogue: typeof catalogueMessages;
  }
}
