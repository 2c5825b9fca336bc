/**
 * What the upstream rules changed in a body (server/src/relay/rules/index.ts), in words an operator reads
 * in the call's log row (`other.upstream_rules`): "top_p dropped", "max_tokens → max_completion_tokens",
 * "thinkingBudget 60 → 128".
 */
export class RuleNotes {
  /** Null until something changes: a call no rule touches allocates nothing. */
  changes: string[] | null = null;

  dropped(parameter: string): void {
    this.note(`${parameter} dropped`);
  }

  renamed(from: string, to: string): void {
    this.note(`${from} → ${to}`);
  }

  changed(parameter: string, from: unknown, to: unknown): void {
    this.note(`${parameter} ${JSON.stringify(from)} → ${JSON.stringify(to)}`);
  }

  private note(change: string): void {
    this.changes ??= [];
    this.changes.push(change);
  }
}
