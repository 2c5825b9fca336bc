/**
 * The upstream rules (docs/formats.md "Upstream rules"): what each model family's API refuses, turned into
 * a body it accepts. They run on the body in the upstream's format once it is built — converted from
 * another format or passed through in the same one — before the channel's parameter override (the
 * operator's explicit choice wins), so a rule is declared once for every path. The operator's
 * `global.pass_through_request_enabled` sends the client's body as it came and skips them.
 * Each change is noted for the call's log row (`other.upstream_rules`).
 */
import type { UpstreamFormat } from '../canonical/codec.ts';
import { claudeRules } from './claude.ts';
import { geminiRules } from './gemini-thinking.ts';
import { RuleNotes } from './notes.ts';
import { openAiChatRules, openAiResponsesRules } from './openai-reasoning.ts';

type Rule = (body: Record<string, unknown>, model: string, notes: RuleNotes) => void;

const notes = new RuleNotes();

const RULES: Partial<Record<UpstreamFormat, Rule>> = {
  'openai-chat': openAiChatRules,
  'openai-responses': openAiResponsesRules,
  claude: claudeRules,
  gemini: geminiRules,
};

/**
 * Applies the rules of `target` for `model` to `body` (changed in place); returns what was changed, in
 * words, or null when nothing was.
 */
export function applyUpstreamRules(
  target: UpstreamFormat,
  model: string,
  body: Record<string, unknown>,
): string[] | null {
  const rule = RULES[target];
  if (!rule) return null;
  // Rules run synchronously, one call at a time: one notes object serves them all.
  notes.changes = null;
  rule(body, model, notes);
  return notes.changes;
}
