/**
 * Perplexity's search sources (its chat reply's top-level `citations`, the URLs its `[n]` markers number
 * from 1, and `search_results`, each `{title, url, date}`) written as the text a client without a place for
 * them is shown after the answer (docs/providers/new-api-types.md, "27 Perplexity").
 */
import { asString, isRecord } from '../../canonical/helpers.ts';

export interface Source {
  url: string;
  title?: string;
}

/**
 * The sources of a Perplexity reply or stream chunk, in the order its `[n]` markers count them: the
 * `citations` URLs with the title `search_results` gives each; `search_results` alone when there are no
 * citations; null when the body carries neither.
 */
export function sourcesOf(body: unknown): Source[] | null {
  if (!isRecord(body)) return null;
  const results = Array.isArray(body.search_results) ? body.search_results.filter(isRecord) : [];
  const titles = new Map<string, string>();
  for (const result of results) {
    const url = asString(result.url);
    const title = asString(result.title);
    if (url && title) titles.set(url, title);
  }
  const urls = Array.isArray(body.citations)
    ? body.citations.filter((url): url is string => typeof url === 'string' && url !== '')
    : results.map((result) => asString(result.url)).filter((url): url is string => !!url);
  if (urls.length === 0) return null;
  return urls.map((url) => {
    const title = titles.get(url);
    return title ? { url, title } : { url };
  });
}

/** The sources as a numbered list after a blank line, `[n] title: url` (the URL alone without a title). */
export function sourcesText(sources: readonly Source[]): string {
  const lines = sources.map(
    (source, index) => `[${index + 1}] ${source.title ? `${source.title}: ${source.url}` : source.url}`,
  );
  return `\n\nSources:\n${lines.join('\n')}`;
}
