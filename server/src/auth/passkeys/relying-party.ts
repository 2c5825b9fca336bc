/**
 * Who the site is to authenticators (docs/security.md "Passkeys"): the relying party id is `passkey.rp_id`, else
 * the host of the saved ServerAddress, else the host the request was sent to; accepted origins are ServerAddress's
 * (or the request's) own plus `passkey.origins`, plain-http ones other than localhost only with
 * `passkey.allow_insecure_origin`. The name shown is `passkey.rp_display_name`, else SystemName.
 */

import { badRequest, businessFailure } from '../../lib/errors.ts';
import {
  type RequestAddress,
  requestServerAddress,
  savedServerAddress,
} from '../../options/server-address.ts';
import type { OptionStore } from '../../options/store.ts';
import '../two-factor/messages.ts';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
  userVerification: 'required' | 'preferred' | 'discouraged';
  attachment: 'platform' | 'cross-platform' | undefined;
}

type Options = Pick<OptionStore, 'get' | 'getBoolean'>;

export function requirePasskeys(options: Options): void {
  if (!options.getBoolean('passkey.enabled')) throw businessFailure('passkey.disabled');
}

/** https, or http on localhost or a loopback address: what browsers treat as a secure context. */
function secureOrigin(origin: string): boolean {
  const url = new URL(origin);
  if (url.protocol === 'https:') return true;
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname) || url.hostname.endsWith('.localhost');
}

export function relyingParty(options: Options, request: RequestAddress): RelyingParty {
  const own = savedServerAddress(options) || requestServerAddress(request);
  if (!own) throw badRequest('passkey.origin_unknown');
  const ownUrl = new URL(own);
  const extra = options
    .get('passkey.origins')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  const origins = [...new Set([ownUrl.origin, ...extra])];
  const allowed = options.getBoolean('passkey.allow_insecure_origin')
    ? origins
    : origins.filter(secureOrigin);
  if (allowed.length === 0) throw badRequest('passkey.origin_insecure');
  const verification = options.get('passkey.user_verification');
  const attachment = options.get('passkey.attachment_preference');
  return {
    id: options.get('passkey.rp_id').trim() || ownUrl.hostname,
    name: options.get('passkey.rp_display_name').trim() || options.get('SystemName') || 'Switchyard',
    origins: allowed,
    userVerification:
      verification === 'required' || verification === 'discouraged' ? verification : 'preferred',
    attachment: attachment === 'platform' || attachment === 'cross-platform' ? attachment : undefined,
  };
}
