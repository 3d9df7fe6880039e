import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client';
import { showToast } from '../../../lib/feedback/toasts';

const PATHS = {
  files: '/api/tracking/stt/files/export',
  documents: '/api/tracking/stt/documents/export',
} as const;

/** Downloads the filtered list as CSV (the whole list, not one page). */
export function ExportButton({
  list,
  accountId,
  query,
}: {
  list: keyof typeof PATHS;
  accountId: number;
  query: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { data, error, response } = await api.GET(PATHS[list], {
        params: { query: { ...query, activeAccountId: String(accountId) } as never },
        parseAs: 'blob',
      });
      if (!response.ok || !data) {
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
      link.href = URL.createObjectURL(data as Blob);
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
