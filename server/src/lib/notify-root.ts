/**
 * Telling the super administrator about something that needs attention (a channel disabled
 * automatically, …): always a system log row, and an email to every root with an address when SMTP
 * is configured. Never throws: a failed notification is logged, the caller carries on.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type LogFacts, logFactColumns } from '../../../common/log-facts.ts';
import { Role } from '../../../common/roles.ts';
import { LogType } from '../../../common/statuses.ts';
import type { BatchWriter } from '../db/batch-writer.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { sendMail, smtpConfigured } from './mailer.ts';
import type { OptionReader } from './option-reader.ts';

/** The parts of the app context a notification uses (the whole AppContext fits). */
export interface RootNotifyDependencies {
  writer: Pick<BatchWriter, 'appendLog'>;
  database: Pick<DatabaseHandle, 'db'>;
  options: OptionReader;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * `subject` and `text` are the email's (English); `facts` is what the log row says, rendered in the
 * reader's language by the console (common/log-facts.ts), with the Chinese sentence stored as `content`.
 */
export async function notifyRoot(
  context: RootNotifyDependencies,
  subject: string,
  text: string,
  facts: LogFacts,
): Promise<void> {
  context.writer.appendLog({
    user_id: 0,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.system,
    ...logFactColumns(context.options, facts),
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
