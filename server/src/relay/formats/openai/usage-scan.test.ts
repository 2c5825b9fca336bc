import { describe, expect, it } from 'vitest';
import { NO_USAGE, scanTopLevelUsage, UNSURE } from './usage-scan.ts';

/** The scanner's answer, with a found usage shown as its text. */
function scan(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const answer = scanTopLevelUsage(bytes);
  return typeof answer === 'string' ? answer : bytes.subarray(answer.start, answer.end).toString('utf8');
}

const USAGE = '{"prompt_tokens":5,"completion_tokens":4,"total_tokens":9}';
const CHAT = `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hi there"},"finish_reason":"stop"}],"usage":${USAGE}}`;

describe('scanTopLevelUsage', () => {
  it.each([
    ['a chat reply', CHAT, USAGE],
    ['usage first', `{"usage":${USAGE},"id":"x"}`, USAGE],
    ['whitespace everywhere', ` \r\n\t{ "id" : "x" ,\n "usage" :\t${USAGE} \n}\n `, USAGE],
    ['usage null', '{"usage":null}', 'null'],
    ['usage a number', '{"usage":-1.5e+3}', '-1.5e+3'],
    ['usage a string', '{"usage":"a\\"b"}', '"a\\"b"'],
    ['usage an array', '{"usage":[1,[2,{"a":3}]],"b":1}', '[1,[2,{"a":3}]]'],
    [
      'the last of two usage keys (as JSON.parse keeps)',
      '{"usage":{"a":1},"x":2,"usage":{"b":2}}',
      '{"b":2}',
    ],
    ['an empty object', '{}', NO_USAGE],
    ['no usage', '{"id":"x","choices":[]}', NO_USAGE],
    [
      '"usage" inside message content',
      '{"choices":[{"message":{"content":"\\"usage\\":{\\"prompt_tokens\\":1}"}}]}',
      NO_USAGE,
    ],
    [
      'a usage key in a nested object only',
      '{"choices":[{"message":{"usage":{"prompt_tokens":1}}}],"meta":{"usage":2}}',
      NO_USAGE,
    ],
    ['a usage key in an array of objects', '[{"usage":1}]', UNSURE],
    ['"usage" as a value', '{"key":"usage","other":"usage"}', NO_USAGE],
    ['a longer key beginning with usage', '{"usage_details":{"a":1},"usages":2}', NO_USAGE],
    ['escaped quotes and backslashes before usage', `{"a":"x\\\\","b":"\\\\\\"","usage":${USAGE}}`, USAGE],
    [
      'unicode text and escapes',
      `{"content":"héllo 你好 😀 \\u00e9\\ud83d\\ude00 \\/ \\b\\f\\n\\r\\t","usage":${USAGE}}`,
      USAGE,
    ],
    ['U+2028 in a string (valid JSON)', `{"c":"a\u2028b","usage":1}`, '1'],
    ['every literal and number form', '{"a":[true,false,null,0,-0,1.25,1e5,1E-5,-12.5e+10],"usage":2}', '2'],
    ['deep nesting', `{"a":${'['.repeat(200)}${']'.repeat(200)},"usage":3}`, '3'],
    [
      'nesting deeper than the scanner follows',
      `{"a":${'['.repeat(300)}${']'.repeat(300)},"usage":3}`,
      UNSURE,
    ],
    ['empty containers', '{"a":{},"b":[],"c":[{}, [ ]],"usage":{}}', '{}'],
    // Not one complete JSON object: the caller parses the whole body (and refuses it).
    ['a truncated reply', CHAT.slice(0, -1), UNSURE],
    ['a reply truncated inside usage', CHAT.slice(0, -10), UNSURE],
    ['a reply truncated inside a string', '{"id":"chatc', UNSURE],
    ['a reply truncated after a backslash', '{"id":"a\\', UNSURE],
    ['trailing garbage', `${CHAT}x`, UNSURE],
    ['a second object', `${CHAT}{}`, UNSURE],
    ['an HTML page', '<html><body>Bad gateway</body></html>', UNSURE],
    ['an array', '[1,2]', UNSURE],
    ['a string', '"usage"', UNSURE],
    ['empty', '', UNSURE],
    ['whitespace only', '  \n', UNSURE],
    ['a byte-order mark (JSON.parse refuses it)', `\ufeff${CHAT}`, UNSURE],
    ['a non-breaking space between tokens', '{"a":1,\u00a0"usage":2}', UNSURE],
    ['a raw newline in a string', '{"a":"x\ny","usage":2}', UNSURE],
    ['a raw tab in a string', '{"a":"x\ty","usage":2}', UNSURE],
    ['an unknown escape', '{"a":"\\x41","usage":2}', UNSURE],
    ['a short unicode escape', '{"a":"\\u12","usage":2}', UNSURE],
    ['a non-hex unicode escape', '{"a":"\\u12g4","usage":2}', UNSURE],
    ['a trailing comma in an object', '{"usage":2,}', UNSURE],
    ['a trailing comma in an array', '{"a":[1,],"usage":2}', UNSURE],
    ['a missing comma', '{"a":1 "usage":2}', UNSURE],
    ['a missing colon', '{"a" 1,"usage":2}', UNSURE],
    ['a missing value', '{"usage":}', UNSURE],
    ['a key without quotes', '{usage:2}', UNSURE],
    ['single quotes', "{'usage':2}", UNSURE],
    ['a mismatched bracket', '{"a":[1},"usage":2}', UNSURE],
    ['an extra closing brace', '{"usage":2}}', UNSURE],
    ['a misspelt literal', '{"a":tru,"usage":2}', UNSURE],
    ['a literal run on', '{"a":truex,"usage":2}', UNSURE],
    ['a leading zero', '{"usage":01}', UNSURE],
    ['a leading plus', '{"usage":+1}', UNSURE],
    ['a bare minus', '{"usage":-}', UNSURE],
    ['a fraction without digits', '{"usage":1.}', UNSURE],
    ['an exponent without digits', '{"usage":1e+}', UNSURE],
    ['NaN', '{"usage":NaN}', UNSURE],
    ['a top-level key with escapes that spells usage', '{"usag\\u0065":{"prompt_tokens":1}}', UNSURE],
    ['a comment', '{"usage":2 /* x */}', UNSURE],
  ])('%s', (_name, text, expected) => {
    expect(scan(text)).toBe(expected);
  });

  it('accepts a body exactly when JSON.parse takes it as an object (truncations and byte flips of real replies)', () => {
    const replies = [
      CHAT,
      `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.0023064255,-0.009327292,1e-7]}],"model":"m","usage":{"prompt_tokens":8,"total_tokens":8}}`,
      `{"id":"x","choices":[{"message":{"content":"引号\\"usage\\":{}\\\\","tool_calls":[{"function":{"arguments":"{\\"a\\":[1,2]}"}}]}}],"usage":{"prompt_tokens":1,"prompt_tokens_details":{"cached_tokens":0}}}`,
    ];
    // A fixed pseudo-random sequence, so that a failure repeats.
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const probes = [
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      ' ',
      '\n',
      '0',
      '-',
      '.',
      'e',
      't',
      'u',
      'x',
      '\u0001',
    ];
    let compared = 0;
    for (const reply of replies) {
      const bytes = Buffer.from(reply, 'utf8');
      const variants: Buffer[] = [];
      for (let cut = 0; cut <= bytes.length; cut++) variants.push(bytes.subarray(0, cut));
      for (let flip = 0; flip < 2000; flip++) {
        const copy = Buffer.from(bytes);
        const position = Math.floor(random() * copy.length);
        copy[position] = (probes[Math.floor(random() * probes.length)] as string).charCodeAt(0);
        variants.push(copy);
      }
      for (const variant of variants) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(variant.toString('utf8'));
        } catch {
          parsed = undefined;
        }
        const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        const answer = scanTopLevelUsage(variant);
        if (answer === UNSURE) continue;
        compared++;
        // The scanner vouched for the body: JSON.parse must take it, with the same usage.
        expect(isObject, variant.toString('utf8')).toBe(true);
        const usage = (parsed as Record<string, unknown>).usage;
        if (answer === NO_USAGE) expect(Object.hasOwn(parsed as object, 'usage')).toBe(false);
        else expect(JSON.parse(variant.subarray(answer.start, answer.end).toString('utf8'))).toEqual(usage);
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('finds the usage of every valid variant of a real reply (the scanner is not needlessly unsure)', () => {
    const spaced = JSON.stringify(JSON.parse(CHAT), null, 2);
    expect(scan(spaced)).toBe(JSON.stringify(JSON.parse(USAGE), null, 2).replace(/\n/g, '\n  '));
  });
});
