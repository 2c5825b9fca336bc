/**
 * The system tab's passkey and two-factor cards (docs/security.md): new-api's `passkey.*` options and
 * Switchyard's AdminTwoFactorRequired, with the console-side checks of the passkey addresses.
 */
import type { FieldSpec } from './field-spec.ts';
import type { FormValue } from './option-values.ts';

const field = (
  key: string,
  kind: FieldSpec['kind'],
  name: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  key,
  kind,
  label: `security.settings.field.${name}`,
  help: `security.settings.help.${name}`,
  ...extra,
});

export const passkeyFields: FieldSpec[] = [
  field('passkey.enabled', 'switch', 'enabled'),
  field('passkey.rp_display_name', 'text', 'rpDisplayName'),
  field('passkey.rp_id', 'text', 'rpId'),
  field('passkey.origins', 'text', 'origins', { wide: true }),
  field('passkey.allow_insecure_origin', 'switch', 'allowInsecure'),
  field('passkey.user_verification', 'select', 'userVerification', {
    choices: ['required', 'preferred', 'discouraged'].map((value) => ({
      value,
      label: `security.settings.choice.${value}`,
    })),
  }),
  field('passkey.attachment_preference', 'select', 'attachment', {
    choices: ['', 'platform', 'cross-platform'].map((value) => ({
      value,
      label: `security.settings.choice.${value || 'any'}`,
    })),
  }),
];

export const adminTwoFactorFields: FieldSpec[] = [field('AdminTwoFactorRequired', 'switch', 'adminRequired')];

/** A relying party id is a bare host name: no scheme, port, path or spaces. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An origin: http(s)://host[:port], nothing after it. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** The translation key of the first problem of the passkey card's values, or null. */
export function passkeyProblem(values: Readonly<Record<string, FormValue>>): string | null {
  const rpId = String(values['passkey.rp_id'] ?? '').trim();
  if (rpId !== '' && !HOST_NAME.test(rpId)) return 'security.settings.problem.rpId';
  const origins = String(values['passkey.origins'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins.some((origin) => !isOrigin(origin))) return 'security.settings.problem.origins';
  return null;
}
