import { describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { mailText, startSmtpSink } from '../../test-support/smtp-sink.ts';
import { anonymousClient, createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

describe('email verification, binding and password reset over real SMTP', () => {
  const smtp = setUpResource(startSmtpSink);
  const { server, root } = setUpSite({
    options: () => ({
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'robot@switchyard.test',
      SMTPToken: 'smtp-password',
      SMTPFrom: 'robot@switchyard.test',
      ServerAddress: 'https://gateway.example.com',
      EmailVerificationEnabled: 'true',
    }),
  });

  const codeFrom = (raw: string) => /<strong>([A-Z0-9]{6})<\/strong>/.exec(mailText(raw))?.[1] ?? '';

  it('registers only with the emailed code, once', async () => {
    const visitor = anonymousClient(server);
    const register = (code: string) =>
      visitor.post('/api/user/register', {
        username: 'mailer',
        password: 'password-123',
        email: 'Mailer@Gmail.com',
        verification_code: code,
      });
    expect((await register('')).body.message).toBe(
      'Email verification is required: enter your email and verification code',
    );
    const sent = await visitor.get('/api/verification', { email: 'mailer@gmail.com' });
    expect(sent.body).toEqual({ success: true, message: 'Verification code sent' });
    const code = codeFrom((await smtp.latestTo('mailer@gmail.com')).raw);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect((await visitor.get('/api/verification', { email: 'mailer@gmail.com' })).body.message).toMatch(
      /^Please wait \d+ seconds/,
    );
    expect((await register('WRONG1')).body.message).toBe('Verification code is wrong or has expired');
    expect((await register(code.toLowerCase())).body.success).toBe(true);
    expect((await register(code)).body.success).toBe(false);
    expect((await visitor.get('/api/verification', { email: 'mailer@gmail.com' })).body.message).toBe(
      'This email address is already in use',
    );
  });

  it('applies the domain whitelist and the alias restriction', async () => {
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'true' });
    const visitor = anonymousClient(server);
    expect((await visitor.get('/api/verification', { email: 'someone@example.org' })).body.message).toMatch(
      /only allows email addresses of these domains/,
    );
    expect((await visitor.get('/api/verification', { email: 'me+x@gmail.com' })).body.message).toBe(
      'Email aliases (with "+") are not allowed',
    );
    expect((await visitor.get('/api/verification', { email: 'bad-address' })).body.message).toBe(
      'Invalid email address',
    );
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'false' });
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'false' });
  });

  it('binds a verified email to the logged-in user', async () => {
    const user = await createUserAndLogin(server, root, 'binder');
    await user.get('/api/verification', { email: 'binder@qq.com' });
    const code = codeFrom((await smtp.latestTo('binder@qq.com')).raw);
    expect(
      (await user.get('/api/oauth/email/bind', { email: 'binder@qq.com', code: 'NOPE12' })).body.success,
    ).toBe(false);
    expect((await user.get('/api/oauth/email/bind', { email: 'binder@qq.com', code })).body.success).toBe(
      true,
    );
    expect((await user.get<UserView>('/api/user/self')).body.data?.email).toBe('binder@qq.com');
  });

  it('resets a password through a one-use emailed link', async () => {
    const visitor = anonymousClient(server);
    const unknown = await visitor.get('/api/reset_password', { email: 'nobody@gmail.com' });
    expect(unknown.body.success).toBe(true);
    const before = smtp.messages.length;
    expect((await visitor.get('/api/reset_password', { email: 'binder@qq.com' })).body.success).toBe(true);
    // The mail goes out after the reply (its time must not tell a registered address from an unknown one).
    await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 1), { timeout: 5000 });
    const text = mailText((await smtp.latestTo('binder@qq.com')).raw);
    const link = /href="([^"]+)"/.exec(text)?.[1] ?? '';
    expect(link).toMatch(
      /^https:\/\/gateway\.example\.com\/user\/reset\?email=binder%40qq\.com&token=[A-Za-z0-9]{32}$/,
    );
    const token = new URL(link).searchParams.get('token')!;
    const reset = await visitor.post<string>('/api/user/reset', { email: 'binder@qq.com', token });
    expect(reset.body.data).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await anonymousClient(server).login('binder', reset.body.data!)).body.success).toBe(true);
    expect((await visitor.post('/api/user/reset', { email: 'binder@qq.com', token })).body.message).toBe(
      'The reset link is invalid or has expired',
    );
  });

  it('never builds a reset link from the Host a visitor sent while ServerAddress is unset', async () => {
    expect((await root.put('/api/option/', { key: 'ServerAddress', value: '' })).body.success).toBe(true);
    try {
      const before = smtp.messages.length;
      const reply = await server.app.inject({
        method: 'GET',
        url: '/api/reset_password?email=binder%40qq.com',
        headers: { host: 'evil.example.com' },
      });
      expect(reply.json()).toMatchObject({ success: true });
      await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 1), { timeout: 5000 });
      const link = /href="([^"]+)"/.exec(mailText((await smtp.latestTo('binder@qq.com')).raw))?.[1] ?? '';
      expect(link.startsWith(`http://localhost:${server.context.config.port}/user/reset?`)).toBe(true);
    } finally {
      await root.put('/api/option/', { key: 'ServerAddress', value: 'https://gateway.example.com' });
    }
  });
});

describe('notification settings', () => {
  const {
    server,
    users: { user },
  } = setUpSite({ users: { user: 'notified' } });

  it('requires https webhooks and never returns the secret', async () => {
    const base = {
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_secret: 's3cret',
      notification_email: '',
      accept_unset_model_ratio_model: true,
    };
    expect(
      (await user.put('/api/user/setting', { ...base, webhook_url: 'http://hooks.example.com/x' })).body
        .message,
    ).toBe('The webhook URL must be an https:// address');
    expect(
      (await user.put('/api/user/setting', { ...base, webhook_url: 'https://hooks.example.com/x' })).body
        .success,
    ).toBe(true);
    expect((await user.put('/api/user/setting', { ...base, notify_type: 'pigeon' })).status).toBe(400);
    const setting = JSON.parse((await user.get<UserView>('/api/user/self')).body.data!.setting);
    expect(setting).toMatchObject({
      notify_type: 'webhook',
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: '',
      quota_warning_threshold: 100000,
    });
    expect(server.context.accounts.user(user.currentUserId!)).toMatchObject({
      acceptUnsetModelRatio: true,
      quotaWarningThreshold: 100000,
    });
  });
});
