/** /api/reset_password answers the same for registered and unknown addresses, in every configuration. */
import { createServer, type Socket } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymousClient, createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

describe('password reset requests reveal nothing', () => {
  const { server, root } = setUpSite();
  beforeAll(async () => {
    await server.context.database.db
      .updateTable('users')
      .set({ email: 'root@example.com' })
      .where('username', '=', 'root')
      .execute();
  });

  const ask = async (email: string) => {
    const reply = await anonymousClient(server).get('/api/reset_password', { email });
    return { status: reply.status, success: reply.body.success, message: reply.body.message };
  };

  it('without SMTP: the same plain refusal for both, and a warning for the operator', async () => {
    const warn = vi.spyOn(server.context.logger, 'warn');
    try {
      expect(await ask('root@example.com')).toEqual(await ask('nobody@example.com'));
      expect(await ask('nobody@example.com')).toEqual({
        status: 200,
        success: false,
        message:
          'This site cannot send email: its mail server is not set up. Please contact the administrator.',
      });
      expect(warn).toHaveBeenCalledWith(
        { purpose: 'password_reset' },
        expect.stringContaining('SMTP is not configured'),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('with an SMTP server that fails: the same answer for both', async () => {
    for (const [key, value] of [
      ['SMTPServer', '127.0.0.1'],
      ['SMTPPort', '9'],
      ['SMTPAccount', 'mailer@example.com'],
      ['SMTPFrom', 'mailer@example.com'],
    ]) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    const known = await ask('root@example.com');
    expect(known).toEqual(await ask('nobody@example.com'));
    expect(known.success).toBe(true);
    // Asked again at once: still the same answer.
    expect(await ask('root@example.com')).toEqual(known);
  });

  it('with a slow SMTP server: a registered address is answered as fast as an unknown one', async () => {
    // A mail server that accepts connections and never greets: sending would wait for its timeout (10 s).
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      expect((await root.put('/api/option/', { key: 'SMTPPort', value: String(port) })).body.success).toBe(
        true,
      );
      const user = await createUserAndLogin(server, root, 'slowmail');
      await server.context.database.db
        .updateTable('users')
        .set({ email: 'slowmail@example.com' })
        .where('id', '=', user.currentUserId!)
        .execute();
      const started = Date.now();
      const known = await ask('slowmail@example.com');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(known).toEqual(await ask('nobody@example.com'));
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
