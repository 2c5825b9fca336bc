/**
 * Where the Midjourney upstream sends its callbacks (docs/tasks.md): `<ServerAddress>/mj/notify/…`, from
 * the saved ServerAddress only — never from a request's Host header, which anyone can forge. Callbacks are
 * on when MjNotifyEnabled is on and ServerAddress is set; without it they are off (the client's hook is
 * removed before relaying and polling serves), and `/api/status` reports them off
 * (server/src/api/status/service.ts).
 */
import { savedServerAddress } from '../../../options/server-address.ts';
import type { OptionStore } from '../../../options/store.ts';

/** The base of the gateway's callback URLs, or null while callbacks are off. */
export function callbackBase(options: Pick<OptionStore, 'get' | 'getBoolean'>): string | null {
  if (!options.getBoolean('MjNotifyEnabled')) return null;
  return savedServerAddress(options) || null;
}
