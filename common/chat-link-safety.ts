/**
 * Which chat-link templates (the `Chats` option) the console may open or embed: absolute links whose
 * scheme cannot run script in the console's origin. `javascript:`, `data:`, `vbscript:`, `file:` and
 * `blob:` are refused; app schemes such as `ama://` or `opencat://` stay allowed. Browsers ignore tabs,
 * line breaks and leading spaces inside a scheme, so those are removed before it is read.
 */
const SCRIPT_CAPABLE_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);

export function isSafeChatLink(template: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const compact = template.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact)?.[1]?.toLowerCase();
  return scheme !== undefined && !SCRIPT_CAPABLE_SCHEMES.has(scheme);
}
