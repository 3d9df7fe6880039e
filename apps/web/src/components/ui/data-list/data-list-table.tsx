import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type SortDirection } from '@service-hub/contracts';
import { formatNumber } from '../../../lib/format';
import { columnFitTableClass, showWholeValue } from './column-fit';
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
  /**
   * Rows the user may choose (a checkbox column): the chosen ones, kept across pages, and each
   * row's name for its checkbox's label.
   */
  selection?: { records: T[]; onChange: (records: T[]) => void; rowName: (record: T) => string };
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
  selection,
}: DataListTableProps<T, S>) {
  const { t, i18n } = useTranslation();
  // The table is built in the background, in slices the browser can interrupt: a page of 25 to
  // 100 rows held a phone's main thread for most of a second in one piece, and a tap had to wait.
  // Whatever changes it (new rows, loading, the columns, which pages build at each render, with
  // another account's links after a switch) reaches it as one deferred view: the page answers
  // first and the table follows. Until the new view is built the table keeps showing the previous
  // one (never "no results" for a moment). It calls the page's latest onChange.
  const view = useMemo(
    () => ({ records, columns, fetching, state, totalCount, totalCountExact }),
    [records, columns, fetching, state, totalCount, totalCountExact],
  );
  const shown = useDeferredValue(view);
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });
  const language = i18n.language;
  return useMemo(() => {
    const { records, columns, fetching, state, totalCount, totalCountExact } = shown;
    const change = (next: ListChange<string, S>) => latestOnChange.current(next);
    const total = totalCountExact
      ? formatNumber(totalCount, language)
      : t('lists.atLeast', { count: formatNumber(totalCount, language) });
    return (
      <DataTable<T>
        aria-label={label}
        withTableBorder
        // 6 px either side instead of Mantine's 10, and on a wide window 13 px text and headers
        // that wrap: the nine columns of an EDI list fit beside the sidebar at 1280 px
        // (column-fit.module.css).
        horizontalSpacing={6}
        classNames={{ table: columnFitTableClass }}
        onPointerOver={showWholeValue}
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records?.length ? undefined : 160}
        records={records ?? []}
        columns={columns}
        fetching={fetching}
        loadingText={t('common.loading')}
        noRecordsText={t('lists.noResults')}
        sortStatus={{ columnAccessor: state.sortBy, direction: state.sortDirection }}
        onSortStatusChange={(status) =>
          // A newly chosen column starts in its own first direction (dates newest first, text A–Z);
          // the table would carry the previous column's direction over.
          String(status.columnAccessor) === state.sortBy
            ? change({ sortDirection: status.direction as SortDirection })
            : change({ sortBy: String(status.columnAccessor) as S })
        }
        page={state.page}
        onPageChange={(page) => change({ page })}
        totalRecords={totalCount}
        recordsPerPage={state.pageSize}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(size) => change({ pageSize: PAGE_SIZES.find((s) => s === size) })}
        recordsPerPageLabel={t('lists.rowsPerPage')}
        paginationText={({ from, to }) =>
          t('lists.pagination', {
            from: formatNumber(from, language),
            to: formatNumber(to, language),
            total,
          })
        }
        getPaginationControlProps={(control) => ({ 'aria-label': t(`lists.pages.${control}`) })}
        getPaginationItemProps={(page) => ({ 'aria-label': t('lists.pages.page', { page }) })}
        // Choosing answers at once, outside the deferred view: a checkbox must not lag a tap.
        {...(selection && {
          selectedRecords: selection.records,
          onSelectedRecordsChange: selection.onChange,
          getRecordSelectionCheckboxProps: (record: T) => ({
            'aria-label': t('lists.chooseRow', { name: selection.rowName(record) }),
          }),
          allRecordsSelectionCheckboxProps: { 'aria-label': t('lists.chooseAllRows') },
        })}
      />
    );
  }, [shown, label, t, language, selection]);
}
