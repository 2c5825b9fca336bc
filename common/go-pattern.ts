/**
 * Regular expressions written for Go (new-api's stored settings, e.g. channel affinity rules) as JavaScript
 * ones: Go's leading flag group `(?i)`, `(?s)`, `(?m)` or a combination such as `(?is)` becomes the
 * RegExp's flags; the rest of the syntax both share is taken as it is. Throws as RegExp does on a pattern
 * JavaScript cannot compile.
 */
const LEADING_FLAGS = /^\(\?([ism]+)\)/;

export function compileGoPattern(pattern: string): RegExp {
  const flags = LEADING_FLAGS.exec(pattern);
  if (!flags) return new RegExp(pattern);
  return new RegExp(pattern.slice(flags[0].length), [...new Set(flags[1])].join(''));
}
