/** Email over SMTP with the SMTP* options (nodemailer). One transport per distinct SMTP setting. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { OptionReader } from './option-reader.ts';

let cached: { signature: string; transport: Transporter } | undefined;

export function smtpConfigured(options: Pick<OptionReader, 'get'>): boolean {
  return options.get('SMTPServer') !== '' && options.get('SMTPAccount') !== '';
}

function transportFor(options: OptionReader): Transporter {
  const settings = {
    host: options.get('SMTPServer'),
    port: options.getNumber('SMTPPort') || 587,
    secure: options.getBoolean('SMTPSSLEnabled'),
    user: options.get('SMTPAccount'),
    pass: options.get('SMTPToken'),
  };
  const signature = JSON.stringify(settings);
  if (cached?.signature !== signature) {
    cached?.transport.close();
    cached = {
      signature,
      transport: nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
      }),
    };
  }
  return cached.transport;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
}

export async function sendMail(options: OptionReader, mail: Mail): Promise<void> {
  const from = options.get('SMTPFrom') || options.get('SMTPAccount');
  const systemName = options.get('SystemName') || 'Switchyard';
  await transportFor(options).sendMail({
    from: `${systemName} <${from}>`,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
  });
}
