/**
 * Tool names at upstreams whose format has no namespaces (Claude, Gemini, OpenAI Chat; docs/formats.md,
 * "Namespace tools"). OpenAI Responses groups tools under a `namespace` (Codex's sub-agent tools:
 * `multi_agent_v1` → `spawn_agent` …) and names the namespace in each call; the canonical model keeps the
 * pair, and such an upstream gets one flat name that maps back without any state of the call:
 *
 * - a namespaced tool is `ns__<namespace>__<name>` (`ns__multi_agent_v1__spawn_agent`);
 * - a plain tool keeps its name, unless that name starts with `ns__` or is the gateway's own
 *   structured-output tool (server/src/relay/formats/claude/structured-output.ts): then it is escaped as
 *   `ns____<name>`, so that no client tool is ever read back as something else.
 *
 * Both vendors take names of `[a-zA-Z0-9_-]{1,64}`; a namespace that holds `__` (it could not be told
 * apart from the name) or a flat name past 64 characters is refused with a 400 saying so.
 */
import { relayError } from '../http/errors.ts';

export const NAMESPACE_PREFIX = 'ns__';
const SEPARATOR = '__';
/** The longest tool name Claude, Gemini and OpenAI take. */
export const MAX_TOOL_NAME = 64;
/**
 * The tool the gateway adds to ask a Claude model for JSON when it cannot be asked natively (the reply is
 * its input): reserved, so a client's tool of that name is escaped.
 */
export const OUTPUT_TOOL_NAME = 'json_answer';

export interface ToolName {
  name: string;
  namespace?: string;
}

/** The name a tool (or a call of it) has at an upstream without namespaces. */
export function upstreamToolName(name: string, namespace?: string): string {
  let flat: string;
  if (namespace) {
    if (namespace.includes(SEPARATOR))
      throw relayError(
        400,
        'invalid_request',
        `the tool namespace "${namespace}" holds "${SEPARATOR}": this upstream has no namespaces, and such a namespace cannot be told apart from its tools' names`,
      );
    flat = `${NAMESPACE_PREFIX}${namespace}${SEPARATOR}${name}`;
  } else if (name.startsWith(NAMESPACE_PREFIX) || name === OUTPUT_TOOL_NAME) {
    flat = `${NAMESPACE_PREFIX}${SEPARATOR}${name}`;
  } else return name;
  if (flat.length > MAX_TOOL_NAME)
    throw relayError(
      400,
      'invalid_request',
      `the tool "${namespace ? `${namespace}.${name}` : name}" becomes "${flat}" at this upstream (it has no namespaces), longer than the ${MAX_TOOL_NAME} characters a tool name may have`,
    );
  return flat;
}

/** A tool name an upstream without namespaces used, as the client's tool (the inverse of upstreamToolName). */
export function readUpstreamToolName(flat: string): ToolName {
  if (!flat.startsWith(NAMESPACE_PREFIX)) return { name: flat };
  const rest = flat.slice(NAMESPACE_PREFIX.length);
  if (rest.startsWith(SEPARATOR)) return { name: rest.slice(SEPARATOR.length) };
  const split = rest.indexOf(SEPARATOR);
  if (split <= 0 || split + SEPARATOR.length >= rest.length) return { name: flat };
  return { name: rest.slice(split + SEPARATOR.length), namespace: rest.slice(0, split) };
}

/** The namespace field of a canonical block or event, present only when there is one. */
export function namespaceField(namespace: string | undefined): { namespace?: string } {
  return namespace ? { namespace } : {};
}

/**
 * A tool's description where its namespace is flattened away: the namespace's description follows the
 * tool's own, so the model still reads what the group is for.
 */
export function flatToolDescription(tool: {
  description?: string;
  namespace?: string;
  namespaceDescription?: string;
}): string | undefined {
  if (!tool.namespace || !tool.namespaceDescription) return tool.description;
  const group = `(One of the ${tool.namespace} tools: ${tool.namespaceDescription})`;
  return tool.description ? `${tool.description}\n\n${group}` : group;
}
