import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Administrator-written content (home page, about, notice, footer) as the console shows it. */
export type RichContentView =
  | { kind: 'empty' }
  | { kind: 'frame'; url: string }
  | { kind: 'html'; html: string };

/** Removes scripts, event handlers and other active content from HTML. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Markdown (which may embed HTML) rendered to sanitized HTML. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true, breaks: true }));
}

/** A https:// address is shown in a frame; anything else is Markdown/HTML; blank means nothing was set. */
export function classifyContent(content: string | null | undefined): RichContentView {
  const text = (content ?? '').trim();
  if (!text) return { kind: 'empty' };
  if (text.startsWith('https://') && !/\s/.test(text)) return { kind: 'frame', url: text };
  return { kind: 'html', html: markdownToSafeHtml(text) };
}
