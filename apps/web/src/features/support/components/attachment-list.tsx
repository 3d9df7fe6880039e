import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSupportAttachment } from '@service-hub/contracts';
import { showToast } from '../../../lib/feedback/toasts';
import { formatNumber } from '../../../lib/format';
import { downloadAttachment } from '../api/download-attachment';
import type { SupportScope } from '../api/support-scope';

/** The files of a message, each a download button (the file is saved, never opened in the page). */
export function AttachmentList({
  attachments,
  scope,
}: {
  attachments: TSupportAttachment[];
  scope: SupportScope;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string>();
  if (attachments.length === 0) return null;
  const download = async (attachment: TSupportAttachment) => {
    setBusy(attachment.id);
    try {
      await downloadAttachment(scope, attachment);
    } catch {
      showToast({ appearance: 'warning', message: 'support.attachments.downloadFailed' });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy === attachment.id}
            onClick={() => void download(attachment)}
            aria-label={t('support.attachments.download', { name: attachment.filename })}
          >
            {attachment.filename} (
            {formatNumber(Math.max(1, Math.round(attachment.sizeBytes / 1024)), i18n.language)}{' '}
            {t('support.attachments.kb')})
          </Button>
        </li>
      ))}
    </Group>
  );
}
