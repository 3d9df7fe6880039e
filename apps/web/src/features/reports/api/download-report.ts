import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** The file name the server chose (Content-Disposition), or a fallback. */
function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a report. The API needs the bearer token, so the browser cannot follow a plain link:
 * the file is fetched and handed to the browser's download as a blob.
 */
export async function downloadReport(accountId: number, id: string): Promise<void> {
  const call = api.GET('/api/reports/{id}/download', {
    params: { path: { id }, query: { activeAccountId: String(accountId) } },
    parseAs: 'blob',
  });
  const { response } = await call;
  const blob = await unwrap(call);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameOf(response, `report-${id}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useDownloadReport = (accountId: number) =>
  useMutation({ mutationFn: (id: string) => downloadReport(accountId, id) });
