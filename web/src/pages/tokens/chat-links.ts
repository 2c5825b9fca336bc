/**
 * Chat links (docs/reference/console-entities.md local storage `chats`, docs/reference/console-api.md, docs/reference/console-errors.md): the admin configures a list of objects, each
 * mapping a chat client's name to a link template; `{key}` becomes the token's `sk-` key and `{address}`
 * the server address (status.server_address, else this page's origin).
 */
import { isSafeChatLink } from '../../../../common/chat-link-safety.ts';
import { fullKey } from './token-display.ts';

export interface ChatLinkEntry {
  /** Position in the configured list; /chat/<index> embeds this entry. */
  index: number;
  name: string;
  template: string;
}

/** The configured links, or `ok: false` when the configuration is not a list of name → link objects. */
export type ChatLinksResult = { ok: true; links: ChatLinkEntry[] } | { ok: false };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the configuration (a list, or its JSON text as stored in localStorage `chats`). An entry's first
 * name is used, as in the side-bar chat menu; entries without a name are skipped.
 */
export function parseChatLinks(raw: unknown): ChatLinksResult {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false };
    }
  }
  if (value === null || value === undefined) return { ok: true, links: [] };
  if (!Array.isArray(value)) return { ok: false };
  const links: ChatLinkEntry[] = [];
  for (const [index, entry] of value.entries()) {
    if (!isPlainObject(entry)) return { ok: false };
    const first = Object.entries(entry)[0];
    if (!first) continue;
    const [name, template] = first;
    if (typeof template !== 'string') return { ok: false };
    // A link that could run script in the console (javascript:, data: …) is never opened or embedded,
    // whatever an older database holds (the server refuses to save one).
    if (isSafeChatLink(template)) links.push({ index, name, template });
  }
  return { ok: true, links };
}

/** The address chat clients should call: the configured server address, else this page's origin. */
export function chatServerAddress(serverAddress: string | null | undefined, origin: string): string {
  const configured = (serverAddress ?? '').trim();
  return (configured || origin).replace(/\/+$/, '');
}

/**
 * Fills a template. The address is URL-encoded because templates carry it inside a query string or a
 * JSON query parameter (as new-api's console does); the key is alphanumeric.
 */
export function fillChatLink(template: string, key: string, address: string): string {
  return template.replaceAll('{address}', encodeURIComponent(address)).replaceAll('{key}', fullKey(key));
}

/** The entry at a configured position (the /chat/:id parameter), if there is one. */
export function chatLinkAt(links: readonly ChatLinkEntry[], index: number): ChatLinkEntry | undefined {
  return links.find((link) => link.index === index);
}

/** The /chat/:id parameter as a list position: absent means 0; anything but a whole number is null. */
export function chatIndexFromParam(param: string | undefined): number | null {
  if (param === undefined || param === '') return 0;
  return /^\d+$/.test(param) ? Number(param) : null;
}
