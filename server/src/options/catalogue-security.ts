/**
 * The options of two-factor sign-in and passkeys, in new-api's names (its setting/system_setting passkey
 * settings, stored as `passkey.*` rows), written with ./definitions.ts; ./catalogue.ts lists them with every
 * other option. docs/security.md says what each does.
 */
import { flag, type OptionDefinition, text } from './definitions.ts';

export const SECURITY_OPTIONS: OptionDefinition[] = [
  /** Passkey registration and passwordless sign-in are offered. */
  flag('passkey.enabled', false),
  /** The name authenticators show; SystemName when empty. */
  text('passkey.rp_display_name'),
  /** The relying party id (a host name); the host of ServerAddress, else of the request, when empty. */
  text('passkey.rp_id'),
  /** Comma-separated origins accepted besides ServerAddress's (or the request's) own. */
  text('passkey.origins'),
  /** Accept plain-http origins other than localhost and loopback addresses (browsers refuse them anyway). */
  flag('passkey.allow_insecure_origin', false),
  text('passkey.user_verification', 'preferred', { choices: ['required', 'preferred', 'discouraged'] }),
  text('passkey.attachment_preference', '', { choices: ['', 'platform', 'cross-platform'] }),
  /**
   * Switchyard's own key (new-api has no such option): administrators and root without two-factor or a
   * passkey reach only the enrolment routes and their personal page (../auth/guards.ts).
   */
  flag('AdminTwoFactorRequired', false),
];
