/**
 * What the Claude codec needs to know of a model from its name (docs/formats.md, "Structured output"):
 * its generation, read from the names Anthropic, Bedrock and Vertex AI use
 * (claude-sonnet-4-5-20250929, anthropic.claude-opus-4-1-20250805-v1:0, claude-3-7-sonnet@20250219 …), and
 * whether it answers in a JSON schema natively (`output_config.format`): Anthropic's structured outputs
 * are generally available from the 4.5 models on (Sonnet 4.5, Haiku 4.5, Opus 4.5, the 4.6 models and
 * later); Opus 4.1 had them only as a beta with a header of its own, and older models never.
 */

export interface ClaudeVersion {
  /** opus, sonnet, haiku … in lower case. */
  family: string;
  major: number;
  minor: number;
}

/** claude-<family>-<major>[-<minor>] (the minor is one or two digits, never the date that follows). */
const CURRENT_NAME = /claude-([a-z]+)-(\d+)(?:[-.](\d{1,2})(?!\d))?/i;
/** claude-<major>[-<minor>]-<family> (the Claude 3 generation). */
const OLDER_NAME = /claude-(\d+)(?:[-.](\d)(?!\d))?-([a-z]+)/i;

/** The family and generation of a Claude model name; null for a name that is not one (a mapped alias, say). */
export function claudeVersion(model: string): ClaudeVersion | null {
  const current = CURRENT_NAME.exec(model);
  if (current) {
    return {
      family: current[1]!.toLowerCase(),
      major: Number(current[2]),
      minor: current[3] === undefined ? 0 : Number(current[3]),
    };
  }
  const older = OLDER_NAME.exec(model);
  if (!older) return null;
  return {
    family: older[3]!.toLowerCase(),
    major: Number(older[1]),
    minor: older[2] === undefined ? 0 : Number(older[2]),
  };
}

/** Whether the model takes `output_config.format` (JSON outputs); unknown names are assumed not to. */
export function answersJsonNatively(model: string): boolean {
  const version = claudeVersion(model);
  if (!version) return false;
  return version.major > 4 || (version.major === 4 && version.minor >= 5);
}
