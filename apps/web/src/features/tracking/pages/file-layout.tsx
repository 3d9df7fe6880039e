import { Anchor, Breadcrumbs, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import type { TTrackingFile } from '@service-hub/contracts';
import { AskSupportButton, SupportCasesAbout } from '../../../components/ui/support-about';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useTrackingFile } from '../api/get-tracking-file';
import { DetailError } from '../components/detail-error';
import { EntityTabs } from '../components/entity-tabs';
import { StatusBadge } from '../components/status-badge';
import { trackingLinks } from '../tracking-links';

/** /tracking/files/{id}: the file, loaded once for its three tabs. */
export function FileLayout() {
  const { t, i18n } = useTranslation();
  const { heading: title } = usePageTitle();
  const { id } = useParams();
  const fileId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const file = useTrackingFile(accountId, fileId);

  return (
    <Stack gap="md">
      {/* A file name is one long word: it wraps, and breaks anywhere, rather than widen a phone screen. */}
      <Breadcrumbs styles={{ breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}>
        <Anchor component={Link} to={trackingLinks.files(accountId)}>
          {t('titles.files')}
        </Anchor>
        <Text>{file.data?.filename ?? t('titles.file')}</Text>
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
      {file.data && (
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {file.data.filename}
            </Title>
            <StatusBadge status={file.data.status} />
            <AskSupportButton
              accountId={accountId}
              item={{ kind: 'trackingFile', id: file.data.id }}
              label={t('tracking.support.ask')}
            />
          </Group>
          <Text c="dimmed" size="sm">
            {t('tracking.file.arrived', { time: formatDateTime(file.data.arrivedAt, i18n.language) })}
          </Text>
        </Stack>
      )}
      {file.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {file.isError && <DetailError kind="file" error={file.error} onRetry={() => void file.refetch()} />}
      {file.data && (
        <EntityTabs
          linkTo={(tab) => trackingLinks.file(fileId, tab)}
          label={t('titles.file')}
          tabs={[
            { path: 'delivery-channels', label: t('titles.deliveryChannels') },
            { path: 'status-log', label: t('titles.statusLog') },
            { path: 'file-details', label: t('titles.fileDetails') },
          ]}
        >
          <Outlet context={file.data} />
        </EntityTabs>
      )}
      <SupportCasesAbout
        accountId={accountId}
        item={file.data && { kind: 'trackingFile', id: file.data.id }}
        ready={file.data !== undefined}
        title={t('tracking.support.openCases')}
      />
    </Stack>
  );
}

export const useFileOfLayout = () => useOutletContext<TTrackingFile>();

export default FileLayout;
