import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DOCUMENT_TEXT_FILTERS, type TTrackingDocumentSummary } from '@service-hub/contracts';
import { ColumnChooser } from '../../../components/ui/data-list/column-chooser';
import { fitContent, truncated, type TruncatedWidth } from '../../../components/ui/data-list/column-fit';
import { DataListTable } from '../../../components/ui/data-list/data-list-table';
import { SavedViewsMenu } from '../../../components/ui/data-list/saved-views-menu';
import { useRowSelection } from '../../../components/ui/data-list/use-row-selection';
import { AskSupportAboutSelected } from '../../../components/ui/support-about';
import { formatDateTime } from '../../../lib/format';
import {
  applyViewQuery,
  toListRequest,
  useListState,
  userTimeZone,
  viewQueryOf,
} from '../../../lib/list-state/list-state';
import { useColumnChoice } from '../../../lib/saved-views/use-column-choice';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useTrackingDocuments } from '../api/get-tracking-documents';
import { ChannelIcons } from '../components/channel-icon';
import { ExportButton } from '../components/export-button';
import { StatusBadge } from '../components/status-badge';
import { TrackingFilters } from '../components/tracking-filters';
import { trackingLinks } from '../tracking-links';
import { DOCUMENTS_QUERY_SCHEMA, documentsList } from '../tracking-lists';

const DEFAULT_DOCUMENT_COLUMNS = [
  'externalDocumentId',
  'status',
  'channels',
  'createdAt',
  'recipientName',
  'invoiceNumber',
  'filename',
];

const documentName = (document: TTrackingDocumentSummary) => document.externalDocumentId;

/** The account's documents: every filter of the data, sorting and paging, all in the address. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const { heading: title } = usePageTitle();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const { state, change } = useListState(documentsList);
  const [, setParams] = useSearchParams();
  const request = useMemo(
    () => toListRequest(DOCUMENTS_QUERY_SCHEMA, state, { timeZone: userTimeZone() }),
    [state],
  );
  const documents = useTrackingDocuments(accountId, request);
  const selection = useRowSelection(accountId, documentName);
  const language = i18n.language;
  const text = (accessor: keyof TTrackingDocumentSummary, width: TruncatedWidth = 'name') => ({
    accessor,
    title: t(`tracking.fields.${accessor}`),
    ...truncated<TTrackingDocumentSummary>(width),
  });

  const columns: DataTableColumn<TTrackingDocumentSummary>[] = [
    {
      accessor: 'externalDocumentId',
      title: t('tracking.fields.externalDocumentId'),
      sortable: true,
      ...truncated<TTrackingDocumentSummary>('identifier'),
      render: (document) => (
        <Anchor component={Link} to={trackingLinks.document(document.id, 'delivery', accountId)} inherit>
          {document.externalDocumentId}
        </Anchor>
      ),
    },
    {
      accessor: 'status',
      title: t('tracking.fields.status'),
      sortable: true,
      noWrap: true,
      ...fitContent<TTrackingDocumentSummary>(),
      render: (document) => <StatusBadge status={document.status} />,
    },
    {
      accessor: 'channels',
      title: t('tracking.fields.channel'),
      ...fitContent<TTrackingDocumentSummary>(),
      render: (document) => <ChannelIcons channels={document.channels} />,
    },
    {
      accessor: 'createdAt',
      title: t('tracking.fields.createdAt'),
      sortable: true,
      noWrap: true,
      ...fitContent<TTrackingDocumentSummary>(),
      render: (document) => formatDateTime(document.createdAt, language),
    },
    text('recipientName'),
    text('invoiceNumber', 'identifier'),
    {
      accessor: 'filename',
      title: t('tracking.fields.filename'),
      ...truncated<TTrackingDocumentSummary>('fileName'),
      render: (document) => (
        <Anchor
          component={Link}
          to={trackingLinks.file(document.fileId, 'delivery-channels', accountId)}
          inherit
        >
          {document.filename}
        </Anchor>
      ),
    },
    text('messageId', 'identifier'),
    text('messageType', 'identifier'),
    text('eAddress'),
  ];
  const choice = useColumnChoice(
    'tracking.documents',
    columns.map((c) => ({ accessor: String(c.accessor), required: c.accessor === 'externalDocumentId' })),
    DEFAULT_DOCUMENT_COLUMNS,
  );

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {state.filters.fileId && (
        <Group gap="sm">
          <Text>{t('tracking.documentsOfFile', { id: state.filters.fileId })}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => change({ filters: { ...state.filters, fileId: undefined } })}
          >
            {t('tracking.allDocuments')}
          </Button>
        </Group>
      )}
      <TrackingFilters
        label={t('tracking.filtersOf', { list: t('titles.documents') })}
        filters={state.filters}
        onApply={(filters) => change({ filters: { ...filters, fileId: state.filters.fileId } })}
        textFields={DOCUMENT_TEXT_FILTERS}
        dateLabel={t('tracking.fields.createdAt')}
        schema={DOCUMENTS_QUERY_SCHEMA}
      />
      <Group justify="space-between" gap="xs">
        <SavedViewsMenu
          list="tracking.documents"
          accountId={accountId}
          currentQuery={viewQueryOf(state)}
          onApply={(view) => setParams((previous) => applyViewQuery(previous, view))}
        />
        <Group gap="xs">
          <AskSupportAboutSelected
            accountId={accountId}
            items={selection.records.map((d) => ({ kind: 'trackingDocument', id: d.id }))}
            label={(n) => t('tracking.support.askSelected', { n })}
            tooMany={(maximum) => t('tracking.support.tooMany', { maximum })}
          />
          <ColumnChooser
            columns={columns.map((c) => ({
              accessor: String(c.accessor),
              title: String(c.title),
              required: c.accessor === 'externalDocumentId',
            }))}
            visible={choice.visible}
            onChange={choice.setVisible}
          />
          <ExportButton list="documents" accountId={accountId} request={request} />
        </Group>
      </Group>
      <DataListTable
        label={t('titles.documents')}
        records={documents.data?.result}
        columns={columns.filter((c) => choice.visible.includes(String(c.accessor)))}
        state={state}
        onChange={change}
        totalCount={documents.data?.totalCount ?? 0}
        totalCountExact={documents.data?.totalCountExact ?? true}
        fetching={documents.isFetching && (documents.isPlaceholderData || !documents.data)}
        selection={selection}
      />
    </Stack>
  );
}

export default DocumentsPage;
