import type { TSupportAttachment } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import type { SupportScope } from './support-scope';

/**
 * Fetches an attachment with the caller's token and saves it under its name: the server sends it
 * as a download (Content-Disposition: attachment, nosniff), and it is never shown in the page.
 */
export async function downloadAttachment(scope: SupportScope, attachment: TSupportAttachment): Promise<void> {
  const path = { attachmentId: attachment.id };
  const blob: Blob = await (scope.isProvider
    ? unwrap(
        api.GET('/api/support/provider/attachments/{attachmentId}', { params: { path }, parseAs: 'blob' }),
      )
    : unwrap(
        api.GET('/api/support/cases/attachments/{attachmentId}', {
          params: { path, query: { activeAccountId: String(scope.accountId) } },
          parseAs: 'blob',
        }),
      ));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
