/**
 * The pay methods of the online top-up (status.pay_methods: name, type, color, optional min_topup).
 * A value that is not a list of such entries is a configuration error, shown as 'payment methods config
 * error, contact admin' (docs/reference/console-errors.md).
 */
import type { PayMethod } from '../../../../common/api-types.ts';

export type PayMethodsResult = { valid: true; methods: PayMethod[] } | { valid: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPayMethod(entry: unknown): PayMethod | null {
  if (!isRecord(entry)) return null;
  const { name, type, color, min_topup: minTopUp } = entry;
  if (typeof name !== 'string' || name.trim() === '') return null;
  if (typeof type !== 'string' || type.trim() === '') return null;
  if (color !== undefined && color !== null && typeof color !== 'string') return null;
  if (minTopUp !== undefined && minTopUp !== null) {
    if (typeof minTopUp !== 'number' || !Number.isFinite(minTopUp) || minTopUp < 0) return null;
  }
  const method: PayMethod = { name: name.trim(), type: type.trim() };
  if (typeof color === 'string' && color.trim() !== '') method.color = color.trim();
  if (typeof minTopUp === 'number') method.min_topup = minTopUp;
  return method;
}

/**
 * Reads status.pay_methods (a list, or the JSON text of one). Every entry must have a name and a type;
 * a later entry repeating a type is dropped (one button per type).
 */
export function parsePayMethods(value: unknown): PayMethodsResult {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return { valid: false };
    }
  }
  if (!Array.isArray(list)) return { valid: false };
  const methods: PayMethod[] = [];
  for (const entry of list) {
    const method = readPayMethod(entry);
    if (!method) return { valid: false };
    if (!methods.some((known) => known.type === method.type)) methods.push(method);
  }
  return { valid: true, methods };
}

/** Colours of the palette names the original console's default pay methods refer to. */
const paletteColors: Record<string, string> = {
  red: '#f5222d',
  pink: '#eb2f96',
  purple: '#722ed1',
  violet: '#722ed1',
  indigo: '#2f54eb',
  blue: '#1677ff',
  'light-blue': '#1890ff',
  cyan: '#13c2c2',
  teal: '#13c2c2',
  green: '#52c41a',
  'light-green': '#73d13d',
  lime: '#a0d911',
  yellow: '#fadb14',
  amber: '#faad14',
  orange: '#fa8c16',
  grey: '#8c8c8c',
};

const semiPaletteVariable = /var\(\s*--semi-([a-z-]+?)-\d+\s*\)/;

/**
 * The button colour of a pay method. Configurations copied from the original carry colours such as
 * `rgba(var(--semi-blue-5), 1)` whose variables this console does not define: the palette name is
 * mapped to the matching colour. Other CSS variables cannot be resolved and give the default colour
 * (undefined), as does an empty colour.
 */
export function payMethodColor(color: string | undefined): string | undefined {
  const trimmed = color?.trim() ?? '';
  if (trimmed === '') return undefined;
  const semi = semiPaletteVariable.exec(trimmed);
  if (semi) return paletteColors[semi[1] ?? ''];
  if (trimmed.includes('var(')) return undefined;
  return trimmed;
}
