import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP server on loopback that keeps what it is sent. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('[MAIL] delivery through SMTP from the job queue', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Service Hub <no-reply@hub.test>',
        RUN_JOBS: '1',
        USE_AUTH_SERVICE: '1',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends an invitation to the SMTP server and marks it sent in the outbox', async () => {
    const customerId = await ctx.customerId('Mälardalens Vatten AB');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers: { authorization: `Bearer ${await ctx.tokenFor('admin@example.com')}` },
      payload: {
        email: 'smtp.invitee@example.com',
        firstName: 'Sam',
        lastName: 'Tp',
        customerId,
      },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 200 }).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@hub.test');
    expect(mail.to).toEqual(['smtp.invitee@example.com']);
    expect(mail.data).toContain('Subject: You are invited to Service Hub');
    // The text part is quoted-printable: undo its soft line breaks and escapes before reading it.
    const text = mail.data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toMatch(/\/invitation\?token=[\w-]{20,}/);
    await expect
      .poll(
        async () =>
          (
            await ctx.db.$client.query<{ sent_at: Date | null }>(
              `SELECT sent_at FROM email_outbox WHERE to_address = 'smtp.invitee@example.com'`,
            )
          ).rows[0]?.sent_at,
        { timeout: 5_000 },
      )
      .toBeInstanceOf(Date);
  });
});
