import type { TFunction } from 'i18next';

/**
 * An antd form rule from a pure check that returns an i18n key on failure (or null/undefined when the
 * value is fine), e.g. the checks of web/src/pages/personal/personal-rules.ts.
 */
export function ruleOf(t: TFunction, check: (value: string) => string | null | undefined) {
  return {
    validator: (_rule: unknown, value: string | undefined) => {
      const error = check(value ?? '');
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  };
}
