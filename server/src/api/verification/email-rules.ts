/** Which email addresses may be used (EmailDomainRestriction / EmailAliasRestriction options). */
import type { MessageKey, MessageParams } from '../../lib/messages.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface EmailPolicy {
  domainRestriction: boolean;
  whitelist: readonly string[];
  aliasRestriction: boolean;
}

export type EmailRefusal = { code: MessageKey; params?: MessageParams } | null;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function emailRefusal(email: string, policy: EmailPolicy): EmailRefusal {
  if (!emailPattern.test(email) || email.length > 255) return { code: 'verification.email_invalid' };
  const [local = '', domain = ''] = email.split('@');
  if (policy.domainRestriction && !policy.whitelist.includes(domain)) {
    return { code: 'verification.domain_not_allowed', params: { domains: policy.whitelist.join(', ') } };
  }
  if (policy.aliasRestriction && local.includes('+')) return { code: 'verification.alias_not_allowed' };
  return null;
}
