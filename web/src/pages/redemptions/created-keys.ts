/** The keys of a newly created batch as the keys dialog copies and downloads them. */
import dayjs from 'dayjs';

/** One key per line, as copied to the clipboard. */
export function keysText(keys: readonly string[]): string {
  return keys.join('\n');
}

/** The downloaded file's content: one key per line, ending with a newline. */
export function keysFileContent(keys: readonly string[]): string {
  return keys.length === 0 ? '' : `${keysText(keys)}\n`;
}

/** Letters, digits, dot, dash and underscore of `name`; other runs become one underscore. */
export function fileNamePart(name: string): string {
  return name
    .trim()
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[_.]+|_+$/g, '');
}

/** e.g. `redemption-codes-gift-20250102-030405.txt` (local time of `createdAt`). */
export function keysFileName(name: string, createdAt: Date): string {
  const part = fileNamePart(name);
  const stamp = dayjs(createdAt).format('YYYYMMDD-HHmmss');
  return part ? `redemption-codes-${part}-${stamp}.txt` : `redemption-codes-${stamp}.txt`;
}
