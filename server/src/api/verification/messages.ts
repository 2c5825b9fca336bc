/** Messages of email verification, email binding and password reset. */
import type { MessageTable } from '../../lib/messages.ts';

export const verificationMessages = {
  'verification.email_invalid': { en: 'Invalid email address', zh: '无效的邮箱地址' },
  'verification.domain_not_allowed': {
    en: 'The administrator only allows email addresses of these domains: {domains}',
    zh: '管理员只允许以下域名的邮箱：{domains}',
  },
  'verification.alias_not_allowed': {
    en: 'Email aliases (with "+") are not allowed',
    zh: '不允许使用邮箱别名（含「+」）',
  },
  'verification.email_taken': { en: 'This email address is already in use', zh: '该邮箱地址已被占用' },
  'verification.too_soon': {
    en: 'Please wait {seconds} seconds before asking again',
    zh: '请 {seconds} 秒后再试',
  },
  'verification.smtp_missing': {
    en: 'This site cannot send email: its mail server is not set up. Please contact the administrator.',
    zh: '本站尚未配置邮件服务器，无法发送邮件，请联系管理员',
  },
  'verification.send_failed': { en: 'The email could not be sent: {reason}', zh: '邮件发送失败：{reason}' },
  'verification.code_subject': { en: '{system} email verification', zh: '{system} 邮箱验证' },
  'verification.code_body': {
    en: 'Your verification code is <strong>{code}</strong>. It is valid for {minutes} minutes.',
    zh: '您的验证码为 <strong>{code}</strong>，{minutes} 分钟内有效。',
  },
  'verification.reset_subject': { en: '{system} password reset', zh: '{system} 密码重置' },
  'verification.reset_body': {
    en: 'Open <a href="{link}">this link</a> to reset your password. It works once, within {minutes} minutes.',
    zh: '点击<a href="{link}">此链接</a>重置密码，{minutes} 分钟内有效，仅可使用一次。',
  },
  'verification.reset_invalid': {
    en: 'The reset link is invalid or has expired',
    zh: '重置链接无效或已过期',
  },
  'verification.sent': { en: 'Verification code sent', zh: '验证码已发送' },
  'verification.reset_sent': {
    en: 'If the address belongs to an account, a reset link has been sent to it',
    zh: '若该邮箱已注册，重置链接已发送',
  },
  'verification.email_required': {
    en: 'Email and verification code are required',
    zh: '邮箱和验证码不能为空',
  },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    verification: typeof verificationMessages;
  }
}
