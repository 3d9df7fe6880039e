import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExportTrackingDocumentsRequest, TExportTrackingFilesRequest } from '@service-hub/contracts';
import { api } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';
import { showToast } from '../../../lib/feedback/toasts';

/** Which list to export, with the list's own request (the export takes the list's filters). */
type ExportedList =
  | { list: 'files'; request: TExportTrackingFilesRequest }
  | { list: 'documents'; request: TExportTrackingDocumentsRequest };

function exportList(exported: ExportedList, accountId: number) {
  const account = { activeAccountId: String(accountId) };
  return exported.list === 'files'
    ? api.GET('/api/tracking/stt/files/export', {
        params: { query: { ...toQuery(exported.request), ...account } },
        parseAs: 'blob',
      })
    : api.GET('/api/tracking/stt/documents/export', {
        params: { query: { ...toQuery(exported.request), ...account } },
        parseAs: 'blob',
      });
}

/** Downloads the filtered list as CSV (the whole list, not one page). */
export function ExportButton({ accountId, ...exported }: ExportedList & { accountId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { list } = exported;
  const download = async () => {
    setBusy(true);
    try {
      const { data, error, response } = await exportList(exported, accountId);
      if (!response.ok || !(data instanceof Blob)) {
        const detail = (error as { detail?: string } | undefined)?.detail ?? '';
        showToast({
          appearance: 'warning',
          message: detail.startsWith('This report is too large')
            ? 'lists.export.tooLarge'
            : 'lists.export.failed',
        });
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const link = document.createElement('a');
      link.href = URL.createObjectURL(data);
      link.download = name ?? `tracking-${list}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={busy}
      onClick={() => void download()}
    >
      {t('lists.export.button')}
    </Button>
  );
}
