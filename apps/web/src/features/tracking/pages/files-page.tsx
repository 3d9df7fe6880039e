import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FILE_TEXT_FILTERS, type TTrackingFileSummary } from '@service-hub/contracts';
import { ColumnChooser } from '../../../components/ui/data-list/column-chooser';
import { fitContent, truncated } from '../../../components/ui/data-list/column-fit';
import { DataListTable } from '../../../components/ui/data-list/data-list-table';
import { useRowSelection } from '../../../components/ui/data-list/use-row-selection';
import { AskSupportAboutSelected } from '../../../components/ui/support-about';
import { SavedViewsMenu } from '../../../components/ui/data-list/saved-views-menu';
import { formatDateTime, formatNumber } from '../../../lib/format';
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
import { useTrackingFiles } from '../api/get-tracking-files';
import { ChannelIcons } from '../components/channel-icon';
import { ExportButton } from '../components/export-button';
import { StatusBadge } from '../components/status-badge';
import { TrackingFilters } from '../components/tracking-filters';
import { trackingLinks } from '../tracking-links';
import { FILES_QUERY_SCHEMA, filesList } from '../tracking-lists';

const DEFAULT_FILE_COLUMNS = ['filename', 'status', 'channels', 'arrivedAt', 'documentCount', 'lastStep'];

const fileName = (file: TTrackingFileSummary) => file.filename;

/** The account's files: every filter of the data, sorting and paging, all in the address. */
export function FilesPage() {
  const { t, i18n } = useTranslation();
  const { heading: title } = usePageTitle();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? 0;
  const { state, change } = useListState(filesList);
  const [, setParams] = useSearchParams();
  const request = useMemo(
    () => toListRequest(FILES_QUERY_SCHEMA, state, { timeZone: userTimeZone() }),
    [state],
  );
  const files = useTrackingFiles(accountId, request);
  const selection = useRowSelection(accountId, fileName);
  const language = i18n.language;
  const text = (accessor: keyof TTrackingFileSummary) => ({
    accessor,
    title: t(`tracking.fields.${accessor}`),
    ...truncated<TTrackingFileSummary>('name'),
  });

  const columns: DataTableColumn<TTrackingFileSummary>[] = [
    {
      accessor: 'filename',
      title: t('tracking.fields.filename'),
      sortable: true,
      ...truncated<TTrackingFileSummary>('fileName'),
      render: (file) => (
        <Anchor component={Link} to={trackingLinks.file(file.id, 'delivery-channels', accountId)} inherit>
          {file.filename}
        </Anchor>
      ),
    },
    {
      accessor: 'status',
      title: t('tracking.fields.status'),
      sortable: true,
      noWrap: true,
      ...fitContent<TTrackingFileSummary>(),
      render: (file) => <StatusBadge status={file.status} />,
    },
    {
      accessor: 'channels',
      title: t('tracking.fields.channel'),
      ...fitContent<TTrackingFileSummary>(),
      render: (file) => <ChannelIcons channels={file.channels} />,
    },
    {
      accessor: 'arrivedAt',
      title: t('tracking.fields.arrivedAt'),
      sortable: true,
      noWrap: true,
      ...fitContent<TTrackingFileSummary>(),
      render: (file) => formatDateTime(file.arrivedAt, language),
    },
    {
      accessor: 'documentCount',
      title: t('tracking.fields.documentCount'),
      sortable: true,
      textAlign: 'right',
      ...fitContent<TTrackingFileSummary>(),
      render: (file) => formatNumber(file.documentCount, language),
    },
    {
      accessor: 'lastStep',
      title: t('tracking.fields.lastStep'),
      // The step and its time on one line, the time dimmed.
      ...truncated<TTrackingFileSummary>('name'),
      render: (file) =>
        file.lastStep && (
          <>
            {t(`tracking.steps.${file.lastStep}`)}
            {file.lastStepAt && (
              <>
                {' '}
                <Text span size="xs" c="dimmed">
                  {formatDateTime(file.lastStepAt, language)}
                </Text>
              </>
            )}
          </>
        ),
    },
    text('subCustomerId'),
    text('customerAgreement'),
    text('application'),
    text('itemReference'),
    text('senderName'),
    text('receiverName'),
    text('deliveryMode'),
  ];
  const choice = useColumnChoice(
    'tracking.files',
    columns.map((c) => ({ accessor: String(c.accessor), required: c.accessor === 'filename' })),
    DEFAULT_FILE_COLUMNS,
  );

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <TrackingFilters
        label={t('tracking.filtersOf', { list: t('titles.files') })}
        filters={state.filters}
        onApply={(filters) => change({ filters })}
        textFields={FILE_TEXT_FILTERS}
        dateLabel={t('tracking.fields.arrivedAt')}
        schema={FILES_QUERY_SCHEMA}
      />
      <Group justify="space-between" gap="xs">
        <SavedViewsMenu
          list="tracking.files"
          accountId={accountId}
          currentQuery={viewQueryOf(state)}
          onApply={(view) => setParams((previous) => applyViewQuery(previous, view))}
        />
        <Group gap="xs">
          <AskSupportAboutSelected
            accountId={accountId}
            items={selection.records.map((f) => ({ kind: 'trackingFile', id: f.id }))}
            label={(n) => t('tracking.support.askSelected', { n })}
            tooMany={(maximum) => t('tracking.support.tooMany', { maximum })}
          />
          <ColumnChooser
            columns={columns.map((c) => ({
              accessor: String(c.accessor),
              title: String(c.title),
              required: c.accessor === 'filename',
            }))}
            visible={choice.visible}
            onChange={choice.setVisible}
          />
          <ExportButton list="files" accountId={accountId} request={request} />
        </Group>
      </Group>
      <DataListTable
        label={t('titles.files')}
        records={files.data?.result}
        columns={columns.filter((c) => choice.visible.includes(String(c.accessor)))}
        state={state}
        onChange={change}
        totalCount={files.data?.totalCount ?? 0}
        totalCountExact={files.data?.totalCountExact ?? true}
        fetching={files.isFetching && (files.isPlaceholderData || !files.data)}
        selection={selection}
      />
    </Stack>
  );
}

export default FilesPage;
