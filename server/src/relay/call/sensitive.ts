/** The sensitive-word check on prompts (CheckSensitiveEnabled + CheckSensitiveOnPromptEnabled). */
import type { OptionStore } from '../../options/store.ts';

let cachedSource = '';
let cachedWords: string[] = [];

function wordsOf(text: string): string[] {
  if (text !== cachedSource) {
    cachedSource = text;
    cachedWords = text
      .split('\n')
      .map((word) => word.trim().toLowerCase())
      .filter(Boolean);
  }
  return cachedWords;
}

/** The first sensitive word found in the text (case-insensitive), or null. */
export function findSensitiveWord(text: string, wordList: string): string | null {
  const words = wordsOf(wordList);
  if (words.length === 0 || text === '') return null;
  const haystack = text.toLowerCase();
  return words.find((word) => haystack.includes(word)) ?? null;
}

export function promptCheckEnabled(options: Pick<OptionStore, 'getBoolean'>): boolean {
  return options.getBoolean('CheckSensitiveEnabled') && options.getBoolean('CheckSensitiveOnPromptEnabled');
}
