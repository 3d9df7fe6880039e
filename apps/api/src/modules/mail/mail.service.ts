import nodemailer, { type Transporter } from 'nodemailer';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';
import type { MailContent } from './mail-templates.ts';
import { deliveries } from '../../telemetry/metrics.ts';

/**
 * Puts an e-mail in the outbox inside the caller's transaction, so a mail exists exactly when the
 * change that caused it was committed. Returns the outbox id for delivery.
 */
export async function queueEmail(client: PoolClient, to: string, content: MailContent): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    'INSERT INTO email_outbox (to_address, subject, text, html) VALUES ($1, $2, $3, $4) RETURNING id',
    [to, content.subject, content.text, content.html],
  );
  return rows[0]!.id;
}

/** Sends outbox mails through SMTP (`SMTP_URL`, `MAIL_FROM`). Without SMTP, mails stay in the outbox. */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Database,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get sendsMail(): boolean {
    return this.transport !== undefined;
  }

  /** Sends one outbox mail if it is still unsent; records success or the error. */
  async deliver(outboxId: number): Promise<void> {
    if (!this.transport) return;
    const { rows } = await this.db.$client.query<{
      to_address: string;
      subject: string;
      text: string;
      html: string;
    }>('SELECT to_address, subject, text, html FROM email_outbox WHERE id = $1 AND sent_at IS NULL', [
      outboxId,
    ]);
    const mail = rows[0];
    if (!mail) return;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      deliveries.inc({ channel: 'email', outcome: 'sent' });
      await this.db.$client.query('UPDATE email_outbox SET sent_at = now(), error = NULL WHERE id = $1', [
        outboxId,
      ]);
    } catch (error) {
      deliveries.inc({ channel: 'email', outcome: 'failed' });
      await this.db.$client.query('UPDATE email_outbox SET error = $2 WHERE id = $1', [
        outboxId,
        String(error),
      ]);
      throw error;
    }
  }

  /** Ids of mails that are still unsent (after a restart, or when a send failed). */
  async unsent(): Promise<number[]> {
    const { rows } = await this.db.$client.query<{ id: number }>(
      "SELECT id FROM email_outbox WHERE sent_at IS NULL AND created > now() - interval '2 days' ORDER BY id",
    );
    return rows.map((r) => r.id);
  }
}
