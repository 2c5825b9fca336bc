/**
 * Telling the super administrator about something that needs attention (a channel disabled
 * automatically, …): always a system log row, and an email to every root with an address when SMTP
 * is configured. Never throws: a failed notification is logged, the caller carries on.
 */
import { Role } from '../../../common/roles.ts';
import { LogType } from '../../../common/statuses.ts';
import type { AppContext } from '../context.ts';
import { sendMail, smtpConfigured } from './mailer.ts';

export async function notifyRoot(context: AppContext, subject: string, text: string): Promise<void> {
  context.writer.appendLog({
    user_id: 0,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.system,
    content: `${subject}: ${text}`,
  });
  context.logger.warn({ subject }, text);
  if (!smtpConfigured(context.options)) return;
  try {
    const roots = await context.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '>=', Role.root)
      .where('deleted_at', 'is', null)
      .where('email', '!=', '')
      .execute();
    const escaped = text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
    await Promise.all(
      roots.map((root) => sendMail(context.options, { to: root.email, subject, html: `<p>${escaped}</p>` })),
    );
  } catch (error) {
    context.logger.error({ err: error, subject }, 'could not email the super administrator');
  }
}
