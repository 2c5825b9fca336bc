/** Which account bindings the personal page offers (docs/reference/console-screens.md "Personal settings", docs/reference/console-validation.md "Bind email / WeChat"). */
import type { PublicStatus, UserView } from '../../../../common/api-types.ts';

export type BindingMethod = 'email' | 'wechat' | 'github' | 'oidc' | 'telegram' | 'linuxdo';

export interface BindingRow {
  method: BindingMethod;
  /** What the account is bound to ('' when unbound). */
  boundTo: string;
  /** Whether the site has this login method switched on. */
  enabled: boolean;
  /** Whether the bind action is offered now (enabled; and, except for email, not bound yet). */
  actionable: boolean;
}

type BindingStatus = Pick<
  PublicStatus,
  'wechat_login' | 'github_oauth' | 'oidc_enabled' | 'telegram_oauth' | 'linuxdo_oauth'
>;
type BindingUser = Pick<
  UserView,
  'email' | 'wechat_id' | 'github_id' | 'oidc_id' | 'telegram_id' | 'linux_do_id'
>;

export function bindingRows(user: BindingUser, status: BindingStatus): BindingRow[] {
  const rows: [BindingMethod, string, boolean][] = [
    ['email', user.email, true],
    ['wechat', user.wechat_id, status.wechat_login],
    ['github', user.github_id, status.github_oauth],
    ['oidc', user.oidc_id, status.oidc_enabled],
    ['telegram', user.telegram_id, status.telegram_oauth],
    ['linuxdo', user.linux_do_id, status.linuxdo_oauth],
  ];
  return rows.map(([method, value, enabled]) => {
    const boundTo = value ?? '';
    // An email address can be replaced by binding another one; the other identities are bound once.
    const actionable = enabled && (method === 'email' || boundTo === '');
    return { method, boundTo, enabled, actionable };
  });
}

/** docs/reference/console-validation.md: binding an email needs both the address and the emailed code; WeChat needs the code. */
export function validateEmailBinding(email: string, code: string): string | null {
  if (email.trim() === '' || code.trim() === '') return 'personal.bind.emailAndCodeRequired';
  return null;
}

export function validateWeChatBinding(code: string): string | null {
  return code.trim() === '' ? 'personal.bind.codeRequired' : null;
}
