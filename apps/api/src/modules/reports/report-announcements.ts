import { REPORT_RETENTION_DAYS } from '@service-hub/contracts';
import { inTransaction } from '../../lib/audit.ts';
import type { JobServices } from '../../jobs/job-definition.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import type { GenerationResult } from './report-generation.ts';

/**
 * Tells the requester of a scheduled report by e-mail that it is ready, with a link to the account's
 * report list (the notification was written with the report's status, see markReady).
 */
export async function announceReport(
  services: Pick<JobServices, 'db' | 'config' | 'deliverEmails'>,
  result: GenerationResult,
): Promise<void> {
  if (result.outcome !== 'ready') return;
  const { report } = result;
  if (!report.requestedByUserId || !report.scheduleId) return;
  const outboxIds = await inTransaction(services.db.$client, async (client) => {
    const { rows } = await client.query<{ email: string; first_name: string; customer: string }>(
      `SELECT u.email, u.first_name, c.name AS customer
         FROM users u, customers c WHERE u.id = $1 AND c.id = $2 AND u.enabled`,
      [report.requestedByUserId, report.customerId],
    );
    const owner = rows[0];
    if (!owner) return [];
    const link = `${services.config.publicUrl}/reports?activeAccountId=${report.customerId}`;
    const mail = renderMail(
      'scheduledReportReady',
      // The language the schedule was made in, as for the report's header row.
      report.language,
      {
        firstName: owner.first_name,
        customer: owner.customer,
        from: report.from,
        to: report.to,
        days: REPORT_RETENTION_DAYS,
      },
      link,
    );
    return [await queueEmail(client, owner.email, mail)];
  });
  await services.deliverEmails(outboxIds);
}
