import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type SortDirection } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import type { ListChange, ListState } from '../../../lib/list-state/list-state';

export type DataListTableProps<T, S extends string> = {
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  state: ListState<string, S>;
  onChange: (change: ListChange<string, S>) => void;
  totalCount: number;
  totalCountExact: boolean;
  fetching: boolean;
  /** Names the table for assistive technology. */
  label: string;
};

/**
 * A list's table: sorting, paging with a choice of page size, the spec's "no results" message,
 * and counts that say "10 000+" when the server stopped counting.
 */
export function DataListTable<T extends { id: number | string }, S extends string>({
  records,
  columns,
  state,
  onChange,
  totalCount,
  totalCountExact,
  fetching,
  label,
}: DataListTableProps<T, S>) {
  const { t, i18n } = useTranslation();
  // The rows are built in the background, in slices the browser can interrupt: a page of 25 to 100
  // rows held a phone's main thread for most of a second in one piece, and a tap had to wait.
  // Until they are built the table says it is loading (never "no results" for a moment).
  const shownRecords = useDeferredValue(records);
  const building = shownRecords !== records;
  const total = totalCountExact
    ? formatNumber(totalCount, i18n.language)
    : t('lists.atLeast', { count: formatNumber(totalCount, i18n.language) });
  return (
    <DataTable<T>
      aria-label={label}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={shownRecords?.length ? undefined : 160}
      records={shownRecords ?? []}
      columns={columns}
      fetching={fetching || building}
      loadingText={t('common.loading')}
      noRecordsText={t('lists.noResults')}
      sortStatus={{ columnAccessor: state.sortBy, direction: state.sortDirection }}
      onSortStatusChange={(status) =>
        // A newly chosen column starts in its own first direction (dates newest first, text A–Z);
        // the table would carry the previous column's direction over.
        String(status.columnAccessor) === state.sortBy
          ? onChange({ sortDirection: status.direction as SortDirection })
          : onChange({ sortBy: String(status.columnAccessor) as S })
      }
      page={state.page}
      onPageChange={(page) => onChange({ page })}
      totalRecords={totalCount}
      recordsPerPage={state.pageSize}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={(size) => onChange({ pageSize: PAGE_SIZES.find((s) => s === size) })}
      recordsPerPageLabel={t('lists.rowsPerPage')}
      paginationText={({ from, to }) =>
        t('lists.pagination', {
          from: formatNumber(from, i18n.language),
          to: formatNumber(to, i18n.language),
          total,
        })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': t(`lists.pages.${control}`) })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('lists.pages.page', { page }) })}
    />
  );
}
