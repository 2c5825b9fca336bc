/**
 * IME-aware search (docs/reference/console-screens.md "fuzzy model-name search (handles IME composition)"): while an input
 * method composes (pinyin typed, characters not chosen yet) the half-typed letters must not filter
 * the table; the filter applies on compositionend with the chosen text.
 */
export interface CompositionFilter {
  compositionStart(): void;
  /** An input change; `nativeComposing` is the event's own isComposing flag when the browser gives it. */
  change(value: string, nativeComposing?: boolean): void;
  compositionEnd(value: string): void;
}

export function createCompositionFilter(apply: (query: string) => void): CompositionFilter {
  let composing = false;
  let lastApplied: string | null = null;
  const applyOnce = (value: string) => {
    if (value === lastApplied) return;
    lastApplied = value;
    apply(value);
  };
  return {
    compositionStart() {
      composing = true;
    },
    change(value, nativeComposing = false) {
      if (composing || nativeComposing) return;
      applyOnce(value);
    },
    compositionEnd(value) {
      composing = false;
      applyOnce(value);
    },
  };
}
