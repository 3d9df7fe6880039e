import type { Language, NotificationType } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { insertNotification } from '../notifications/notifications.repository.ts';
import type { CaseRecord } from './support-connector.ts';
import { SUPPORT_MAIL } from './support-mail.ts';

type Recipient = { id: string; email: string; first_name: string; language: Language };

/** Provider staff who answer cases: every enabled SF_ADMIN. */
async function providerStaff(db: Database): Promise<Recipient[]> {
  const { rows } = await db.$client.query<Recipient>(
    `SELECT u.id, u.email, u.first_name, u.language FROM users u
      WHERE u.enabled AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'SF_ADMIN')`,
  );
  return rows;
}

/**
 * The customer's side of a case: whoever opened it or wrote in it for the customer, as long as
 * they still reach the account.
 */
async function customerParticipants(db: Database, caseId: number, customerId: number): Promise<Recipient[]> {
  const { rows } = await db.$client.query<Recipient>(
    `SELECT u.id, u.email, u.first_name, u.language FROM users u
      WHERE u.enabled
        AND EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id AND uc.customer_id = $2)
        AND (u.id = (SELECT created_by_user_id FROM support_cases WHERE id = $1)
             OR u.id IN (SELECT author_user_id FROM support_case_replies WHERE case_id = $1 AND NOT from_provider))`,
    [caseId, customerId],
  );
  return rows;
}

export type CaseNotice = {
  type: Extract<NotificationType, 'caseCreated' | 'caseReply' | 'caseStatusChanged'>;
  to: 'provider' | 'customer';
  case: Pick<CaseRecord, 'caseId' | 'caseNumber' | 'customerId' | 'customerName' | 'title' | 'status'>;
  actor: { userId: string; name: string };
};

/**
 * Tells the other side of a case what happened: a notification on the live stream and an
 * e-mail, both written in one transaction; answers the outbox ids to deliver after it commits.
 * The one acting is never told of their own action.
 */
export async function notifyCase(db: Database, notice: CaseNotice, publicUrl: string): Promise<number[]> {
  const recipients = (
    notice.to === 'provider'
      ? await providerStaff(db)
      : await customerParticipants(db, notice.case.caseId, notice.case.customerId)
  ).filter((r) => r.id !== notice.actor.userId);
  if (recipients.length === 0) return [];
  const link = `${publicUrl}/support/cases/${notice.case.caseId}${
    notice.to === 'customer' ? `?activeAccountId=${notice.case.customerId}` : ''
  }`;
  return inTransaction(db.$client, async (client) => {
    const outbox: number[] = [];
    for (const recipient of recipients) {
      await insertNotification(client, {
        userId: recipient.id,
        type: notice.type,
        payload: {
          caseId: notice.case.caseId,
          caseNumber: notice.case.caseNumber,
          customerId: notice.case.customerId,
          status: notice.case.status,
        },
      });
      const mail = renderTemplate(
        SUPPORT_MAIL[notice.type][recipient.language],
        {
          firstName: recipient.first_name,
          author: notice.actor.name,
          customer: notice.case.customerName,
          caseNumber: notice.case.caseNumber,
          title: notice.case.title,
        },
        link,
      );
      outbox.push(await queueEmail(client, recipient.email, mail));
    }
    return outbox;
  });
}
