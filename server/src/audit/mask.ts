/**
 * Masking of the states an audit row keeps (docs/audit.md "Masking"): a field whose name says it holds a
 * secret keeps only whether it was set. One rule for every target; option values are masked by the option
 * catalogue's own secret rule (server/src/options/definitions.ts isSecretOptionKey) in ./routes-table.ts.
 */

/** What a masked, non-empty value is replaced with. */
export const MASKED = '[masked]';

/**
 * Field names whose values are secrets: channel and redemption keys, passwords, access tokens, client and
 * webhook secrets, one-time codes and passkey credentials, in snake_case, camelCase or as a suffix.
 */
const SECRET_FIELD =
  /(^|_|[a-z])(key|keys|password|password2|passwd|secret|token|access_token|code|codes|credential|credentials|signature|private_key)$/i;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The value as kept: empty values stay visible (a secret was cleared), others become MASKED. */
export function maskValue(value: unknown): unknown {
  return isEmpty(value) ? value : MASKED;
}

/**
 * A copy of `value` with every secret field masked, at any depth; `isSecret` decides for the top-level
 * fields (defaults to isSecretField).
 */
export function maskSecrets(value: unknown, isSecret: (field: string) => boolean = isSecretField): unknown {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item));
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value as Record<string, unknown>))
    masked[field] = isSecret(field) ? maskValue(inner) : maskSecrets(inner);
  return masked;
}
