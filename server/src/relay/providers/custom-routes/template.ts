/**
 * The placeholders of an Advanced Custom route (docs/providers/custom-routes.md): `{model}` (the upstream
 * model) and `{api_key}` (the key the request is sent with) in the upstream path, the auth value and the
 * headers — new-api's two —; and in a request body template also `{stream}` and `{request}` /
 * `{request.<path>}`, the body the relay would have sent (after model mapping, conversion and the parameter
 * override), or a value in it by a dotted path (array items by their index: `{request.messages.0.content}`).
 *
 * A string that is one placeholder and nothing else becomes the value itself (an object, a list, a number);
 * a field whose placeholder names nothing is left out. Inside other text a placeholder becomes text (JSON
 * for what is not a string; nothing for what is absent). Braces that are not a placeholder stay as written.
 */

export interface TemplateValues {
  model: string;
  apiKey: string;
  stream: boolean;
  request: Readonly<Record<string, unknown>>;
}

const PLACEHOLDER = /\{(model|api_key|stream|request(?:\.[A-Za-z0-9_-]+)*)\}/g;
const WHOLE_PLACEHOLDER = /^\{(model|api_key|stream|request(?:\.[A-Za-z0-9_-]+)*)\}$/;

/** The value a placeholder names, undefined when it names nothing. */
function placeholderValue(name: string, values: TemplateValues): unknown {
  if (name === 'model') return values.model;
  if (name === 'api_key') return values.apiKey;
  if (name === 'stream') return values.stream;
  let current: unknown = values.request;
  for (const step of name.split('.').slice(1)) {
    if (Array.isArray(current)) current = /^\d+$/.test(step) ? current[Number(step)] : undefined;
    else if (current !== null && typeof current === 'object')
      current = Object.hasOwn(current, step) ? (current as Record<string, unknown>)[step] : undefined;
    else return undefined;
  }
  return current;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Text with its placeholders replaced by their text. */
export function renderText(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => asText(placeholderValue(name, values)));
}

/** The upstream body a template makes (see the file comment). */
export function renderBodyTemplate(template: unknown, values: TemplateValues): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    return whole ? placeholderValue(whole[1]!, values) : renderText(template, values);
  }
  if (Array.isArray(template)) return template.map((item) => renderBodyTemplate(item, values) ?? null);
  if (template !== null && typeof template === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(template)) {
      const rendered = renderBodyTemplate(item, values);
      if (rendered !== undefined) result[key] = rendered;
    }
    return result;
  }
  return template;
}
