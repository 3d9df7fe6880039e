import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { EDI_DEFAULT_DAYS, holdsServicePermission, type SavedViewList } from '@service-hub/contracts';
import { ColumnChooser } from '../../../components/ui/data-list/column-chooser';
import { DataListTable } from '../../../components/ui/data-list/data-list-table';
import { SavedViewsMenu } from '../../../components/ui/data-list/saved-views-menu';
import { useRowSelection } from '../../../components/ui/data-list/use-row-selection';
import { AskSupportAboutSelected } from '../../../components/ui/support-about';
import { ApiRequestError } from '../../../lib/api/client';
import {
  applyViewQuery,
  toListRequest,
  userTimeZone,
  viewQueryOf,
  type ListDefinition,
} from '../../../lib/list-state/list-state';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useColumnChoice } from '../../../lib/saved-views/use-column-choice';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useEdiListState } from '../use-edi-list-state';
import { EdiFilters } from './edi-filters';

type Page<Row> = { totalCount: number; totalCountExact: boolean; result: Row[] };

/** What a support case calls a row of each list. */
const SUPPORT_KINDS = {
  consignments: 'ediConsignment',
  messages: 'ediMessage',
  documents: 'ediDocument',
} as const;
const rowName = (row: { id: string }) => row.id;

export type EdiListViewProps<Row, S extends string, Request> = {
  list: SavedViewList;
  /** The list's name in `titles`, e.g. 'consignments'. */
  name: 'consignments' | 'messages' | 'documents';
  definition: ListDefinition<string, S>;
  /** The operation's query schema: it checks the filters and types the request. */
  schema: z.ZodType<Request>;
  useRows: (accountId: number, request: Request) => UseQueryResult<Page<Row>>;
  rowId: (row: Row) => string;
  /** Every column; links reopen in the row's own account. */
  columns: DataTableColumn<Row & { id: string }>[];
  defaultColumns: readonly string[];
  required: string;
};

/**
 * One EDI list: filters, the errors-first default, saved views, column chooser and the table, all
 * in the address so a link reproduces the view.
 */
export function EdiListView<Row extends { ref: number }, S extends string, Request>(
  props: EdiListViewProps<Row, S, Request>,
) {
  const { t } = useTranslation();
  const { heading } = usePageTitle();
  const { account, accounts } = useActiveAccount();
  const { data: user } = useCurrentUser();
  const accountId = account?.id ?? 0;
  const { state, change, errorsFirst, showAll } = useEdiListState(props.definition);
  const [, setParams] = useSearchParams();
  const { schema } = props;
  const request = useMemo(() => toListRequest(schema, state, { timeZone: userTimeZone() }), [schema, state]);
  const rows = props.useRows(accountId, request);
  const selection = useRowSelection<Row & { id: string }>(accountId, rowName);
  const ediAccounts = accounts.filter((a) =>
    holdsServicePermission(
      'ETS',
      (user?.customerUserPermissions ?? []).filter((p) => p.customerId === a.id).map((p) => p.permission),
    ),
  );
  const { columns } = props;
  const choosable = columns.map((c) => ({
    accessor: String(c.accessor),
    // Its name in words: a header may be an icon (the direction's).
    title: t(`ediTracking.fields.${String(c.accessor)}`),
    required: c.accessor === props.required,
  }));
  const choice = useColumnChoice(props.list, choosable, props.defaultColumns);
  const refused = rows.error instanceof ApiRequestError && rows.error.status === 403;
  const listName = t(`titles.${props.name}`);

  return (
    <Stack gap="md">
      <Title order={1}>{heading}</Title>
      {errorsFirst && (
        <Alert
          color="blue"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('ediTracking.errorsFirst.title')}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('ediTracking.errorsFirst.notice', { days: EDI_DEFAULT_DAYS })}</Text>
            <Button size="xs" variant="default" onClick={showAll}>
              {t('ediTracking.errorsFirst.showAll')}
            </Button>
          </Group>
        </Alert>
      )}
      <EdiFilters
        label={t('ediTracking.filtersOf', { list: listName })}
        filters={state.filters}
        onApply={(filters) => change({ filters })}
        schema={props.schema}
        accounts={ediAccounts}
      />
      <Group justify="space-between" gap="xs">
        <SavedViewsMenu
          list={props.list}
          accountId={accountId}
          currentQuery={viewQueryOf(state)}
          onApply={(view) => setParams((previous) => applyViewQuery(previous, view))}
        />
        <Group gap="xs">
          <AskSupportAboutSelected
            accountId={accountId}
            items={selection.records.map((row) => ({ kind: SUPPORT_KINDS[props.name], id: row.ref }))}
            label={(n) => t('ediTracking.support.askSelected', { n })}
            tooMany={(maximum) => t('ediTracking.support.tooMany', { maximum })}
          />
          <ColumnChooser columns={choosable} visible={choice.visible} onChange={choice.setVisible} />
        </Group>
      </Group>
      {refused && (
        <Alert color="orange" role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          {t('ediTracking.customersRefused')}
        </Alert>
      )}
      <DataListTable
        label={listName}
        records={rows.data?.result.map((row) => ({ ...row, id: props.rowId(row) }))}
        columns={columns.filter((c) => choice.visible.includes(String(c.accessor)))}
        state={state}
        onChange={change}
        totalCount={rows.data?.totalCount ?? 0}
        totalCountExact={rows.data?.totalCountExact ?? true}
        fetching={rows.isFetching && (rows.isPlaceholderData || !rows.data)}
        selection={selection}
      />
    </Stack>
  );
}
