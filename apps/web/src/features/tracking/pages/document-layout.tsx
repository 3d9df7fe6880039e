import { Anchor, Breadcrumbs, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import type { TTrackingDocument } from '@service-hub/contracts';
import { AskSupportButton, SupportCasesAbout } from '../../../components/ui/support-about';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useTrackingDocument } from '../api/get-tracking-document';
import { DetailError } from '../components/detail-error';
import { EntityTabs } from '../components/entity-tabs';
import { StatusBadge } from '../components/status-badge';
import { trackingLinks } from '../tracking-links';

/** /tracking/documents/{id}: the document, loaded once for its two tabs. */
export function DocumentLayout() {
  const { t } = useTranslation();
  const { heading: title } = usePageTitle();
  const { id } = useParams();
  const documentId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const document = useTrackingDocument(accountId, documentId);
  const data = document.data;

  return (
    <Stack gap="md">
      {/* A file name is one long word: it wraps, and breaks anywhere, rather than widen a phone screen. */}
      <Breadcrumbs styles={{ breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}>
        <Anchor component={Link} to={trackingLinks.documents(accountId)}>
          {t('titles.documents')}
        </Anchor>
        {data && (
          <Anchor component={Link} to={trackingLinks.file(data.fileId, 'delivery-channels', accountId)}>
            {data.filename}
          </Anchor>
        )}
        <Text>{data?.externalDocumentId ?? t('titles.document')}</Text>
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
      {data && (
        <Group gap="sm" align="center">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {t('tracking.document.title', { id: data.externalDocumentId })}
          </Title>
          <StatusBadge status={data.status} />
          <AskSupportButton
            accountId={accountId}
            item={{ kind: 'trackingDocument', id: data.id }}
            label={t('tracking.support.ask')}
          />
        </Group>
      )}
      {document.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {document.isError && (
        <DetailError kind="document" error={document.error} onRetry={() => void document.refetch()} />
      )}
      {data && (
        <EntityTabs
          linkTo={(tab) => trackingLinks.document(documentId, tab)}
          label={t('titles.document')}
          tabs={[
            { path: 'delivery', label: t('titles.delivery') },
            { path: 'details', label: t('titles.documentDetails') },
          ]}
        >
          <Outlet context={data} />
        </EntityTabs>
      )}
      <SupportCasesAbout
        accountId={accountId}
        item={data && { kind: 'trackingDocument', id: data.id }}
        ready={data !== undefined}
        title={t('tracking.support.openCases')}
      />
    </Stack>
  );
}

export const useDocumentOfLayout = () => useOutletContext<TTrackingDocument>();

export default DocumentLayout;
