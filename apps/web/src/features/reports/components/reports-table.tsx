import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  REPORT_PAGE_SIZES,
  REPORT_SORT_FIELDS,
  type TReport,
  type TListReportsResponse,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useDeleteReport } from '../api/delete-report';
import { useDownloadReport } from '../api/download-report';
import type { ReportListParams } from '../api/list-reports';
import { ReportStatusCell } from './report-status';

function formatBytes(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
}

const DownloadIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" />
  </svg>
);
const DeleteIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

type Props = {
  accountId: number;
  list: TListReportsResponse | undefined;
  fetching: boolean;
  params: ReportListParams;
  onParamsChange: (params: Partial<ReportListParams>) => void;
};

/** The account's reports: status with live progress, size and rows; download and delete. */
export function ReportsTable({ accountId, list, fetching, params, onParamsChange }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const download = useDownloadReport(accountId);
  const remove = useDeleteReport(accountId);
  const frame = (r: TReport) => `${r.from} – ${r.to}`;
  const sortStatus: DataTableSortStatus<TReport> = {
    columnAccessor: params.sortBy,
    direction: params.sortDirection,
  };
  return (
    <DataTable<TReport>
      withTableBorder
      striped
      minHeight={list?.reports.length ? undefined : 160}
      records={list?.reports ?? []}
      fetching={fetching && !list}
      idAccessor="id"
      noRecordsText={t('reports.list.empty')}
      totalRecords={list?.total ?? 0}
      page={params.page}
      onPageChange={(page) => onParamsChange({ page })}
      recordsPerPage={params.pageSize}
      recordsPerPageOptions={[...REPORT_PAGE_SIZES]}
      onRecordsPerPageChange={(pageSize) => onParamsChange({ pageSize, page: 1 })}
      recordsPerPageLabel={t('reports.list.perPage')}
      paginationText={({ from, to, totalRecords }) =>
        t('reports.list.pagination', { from, to, total: formatNumber(totalRecords, language) })
      }
      getPaginationControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': t('reports.list.previousPage') }
          : control === 'next'
            ? { 'aria-label': t('reports.list.nextPage') }
            : {}
      }
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        const sortBy = REPORT_SORT_FIELDS.find((field) => field === status.columnAccessor) ?? 'created';
        onParamsChange({ sortBy, sortDirection: status.direction, page: 1 });
      }}
      columns={[
        {
          accessor: 'created',
          title: t('reports.list.created'),
          sortable: true,
          render: (r) => formatDateTime(r.created, language),
        },
        {
          accessor: 'level',
          title: t('reports.list.level'),
          sortable: true,
          render: (r) => (
            <>
              <Text size="sm">{t(`reports.levels.${r.level}`)}</Text>
              <Text size="xs">
                {r.format}
                {r.scheduled ? ` · ${t('reports.list.scheduled')}` : ''}
              </Text>
            </>
          ),
        },
        { accessor: 'from', title: t('reports.list.timeFrame'), render: frame, noWrap: true },
        {
          accessor: 'requestedBy',
          title: t('reports.list.requestedBy'),
          render: (r) => r.requestedBy ?? t('reports.list.unknownRequester'),
        },
        {
          accessor: 'status',
          title: t('reports.list.status'),
          sortable: true,
          width: 190,
          render: (r) => <ReportStatusCell report={r} />,
        },
        {
          accessor: 'rowCount',
          title: t('reports.list.rows'),
          sortable: true,
          textAlign: 'right',
          render: (r) => (r.rowCount === null ? '–' : formatNumber(r.rowCount, language)),
        },
        {
          accessor: 'sizeBytes',
          title: t('reports.list.size'),
          sortable: true,
          textAlign: 'right',
          render: (r) => (r.sizeBytes === null ? '–' : formatBytes(r.sizeBytes, language)),
        },
        {
          accessor: 'actions',
          title: t('reports.list.actions'),
          textAlign: 'right',
          render: (r) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {r.status === 'ready' && (
                <Tooltip label={t('reports.list.download')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('reports.list.downloadLabel', {
                      level: t(`reports.levels.${r.level}`),
                      frame: frame(r),
                    })}
                    loading={download.isPending && download.variables === r.id}
                    onClick={() => download.mutate(r.id)}
                  >
                    <DownloadIcon />
                  </ActionIcon>
                </Tooltip>
              )}
              {r.canDelete && (
                <Tooltip label={t('reports.list.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('reports.list.deleteLabel', {
                      level: t(`reports.levels.${r.level}`),
                      frame: frame(r),
                    })}
                    loading={remove.isPending && remove.variables === r.id}
                    onClick={() => remove.mutate(r.id, { onSuccess: () => showSuccess('reports.deleted') })}
                  >
                    <DeleteIcon />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
