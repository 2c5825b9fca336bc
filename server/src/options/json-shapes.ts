/**
 * The shapes a JSON option must have once parsed, each with the message that describes it. A value
 * that is not JSON at all answers 'not a valid JSON string' (option.invalid_json) before any shape check.
 */

import { type ZodType, z } from 'zod';
import { isSafeChatLink } from '../../../common/chat-link-safety.ts';
import type { OptionMessageKey } from './messages.ts';

export interface JsonShape {
  schema: ZodType;
  message: OptionMessageKey;
}

const nonNegative = z.number().finite().min(0);
const numberMap = z.record(z.string(), nonNegative);

export const jsonShapes = {
  /** {"gpt-4o": 1.25} — model or group ratios, prices. */
  numberMap: { schema: numberMap, message: 'option.json_number_map' },
  /** {"default": "默认分组"} */
  stringMap: { schema: z.record(z.string(), z.string()), message: 'option.json_string_map' },
  /** ["default"] */
  stringList: { schema: z.array(z.string()), message: 'option.json_string_list' },
  /** {"vip": {"default": 0.8}} — GroupGroupRatio[userGroup][usingGroup]. */
  nestedNumberMap: { schema: z.record(z.string(), numberMap), message: 'option.json_nested_number_map' },
  /** [{"name": "支付宝", "type": "alipay", "color": "…"}] */
  payMethods: {
    schema: z.array(
      z
        .object({
          name: z.string().min(1),
          type: z.string().min(1),
          color: z.string().optional(),
          min_topup: nonNegative.optional(),
        })
        .loose(),
    ),
    message: 'option.json_pay_methods',
  },
  /** [{"Lobe Chat": "https://…{key}…{address}…"}] */
  chats: {
    schema: z.array(z.record(z.string(), z.string().refine(isSafeChatLink))),
    message: 'option.json_chats',
  },
  /** {"claude-3-7-sonnet-20250219": {"anthropic-beta": ["output-128k-2025-02-19"]}} */
  headerMap: {
    schema: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
    message: 'option.json_header_map',
  },
  /** {"default": 8192} */
  positiveIntegerMap: {
    schema: z.record(z.string(), z.number().int().min(1)),
    message: 'option.json_positive_integer_map',
  },
} as const satisfies Record<string, JsonShape>;
