import 'mantine-datatable/styles.css';
import {
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPhone, IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  SUPPORT_CASE_FILTERS,
  SUPPORT_CASE_SORTS,
  type SupportCaseFilter,
  type SupportCaseSort,
  type TSupportCaseSummary,
} from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { isEnvironmentAllowed } from '../../../lib/access/route-access';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useSupportCases } from '../api/list-support-cases';
import { useSupportScope } from '../api/support-scope';
import { CaseStatusBadge } from '../components/case-status-badge';
import { categoryLabel } from '../components/category-label';
import { NEW_CASE_HANDLE } from '../routes';
import { supportLinks } from '../support-links';

const PAGE_SIZES = [10, 20, 50];

/**
 * The case list (spec 2 and 4): status filter, subject search and paging, all in the address so a
 * link reproduces the view. Provider staff see every customer's cases and may narrow them to the
 * active account.
 */
export default function CasesPage() {
  const { t, i18n } = useTranslation();
  const scope = useSupportScope();
  const [params, setParams] = useSearchParams();
  const { environment } = useRuntimeConfig();
  // The new-case route is development-only (spec 2): offer it only where it opens.
  const canCreate = isEnvironmentAllowed(NEW_CASE_HANDLE, {
    environment,
    hostname: window.location.hostname,
  });
  const status = (SUPPORT_CASE_FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as SupportCaseFilter)
    : 'all';
  const subject = params.get('subject') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 20;
  const allCustomers = scope.isProvider && params.get('customers') !== 'active';
  const sort = (SUPPORT_CASE_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as SupportCaseSort)
    : 'updated';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useState(subject);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const searchLater = useDebouncedCallback((value: string) => update({ subject: value.trim() }), 300);

  const { data, isFetching } = useSupportCases(scope, {
    status,
    sort,
    order,
    subject,
    page,
    pageSize,
    allCustomers,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('titles.cases')}</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={supportLinks.contact()}
            variant="default"
            leftSection={<IconPhone size={16} aria-hidden />}
          >
            {t('titles.contact')}
          </Button>
          {canCreate && (
            <Button
              component={Link}
              to={supportLinks.newCase()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('support.cases.newCase')}
            </Button>
          )}
        </Group>
      </Group>
      <Group align="end" wrap="wrap">
        <Select
          label={t('support.cases.status')}
          data={SUPPORT_CASE_FILTERS.map((value) => ({ value, label: t(`support.filters.${value}`) }))}
          value={status}
          onChange={(value) => update({ status: value === 'all' ? null : value })}
          allowDeselect={false}
          w={220}
        />
        <TextInput
          label={t('support.cases.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            searchLater(event.currentTarget.value);
          }}
          w={260}
        />
        {scope.isProvider && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="support-customers-label">
              {t('support.cases.customers')}
            </Text>
            <SegmentedControl
              aria-labelledby="support-customers-label"
              value={allCustomers ? 'all' : 'active'}
              onChange={(value) => update({ customers: value === 'active' ? 'active' : null })}
              data={[
                { value: 'all', label: t('support.cases.allCustomers') },
                { value: 'active', label: t('support.cases.activeAccount') },
              ]}
            />
          </Stack>
        )}
      </Group>
      <DataTable
        withTableBorder
        striped
        minHeight={180}
        fetching={isFetching}
        records={data?.cases ?? []}
        idAccessor="caseId"
        totalRecords={data?.totalCount ?? 0}
        page={page}
        recordsPerPage={pageSize}
        onPageChange={(next) => update({ page: String(next) })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => update({ pageSize: String(size) })}
        recordsPerPageLabel={t('support.cases.pageSize')}
        paginationText={({ from, to, totalRecords }) =>
          t('support.cases.showing', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('support.cases.previousPage') }
            : control === 'next'
              ? { 'aria-label': t('support.cases.nextPage') }
              : {}
        }
        noRecordsText={t('support.cases.noResults')}
        sortStatus={{ columnAccessor: sort, direction: order }}
        onSortStatusChange={(next: DataTableSortStatus<TSupportCaseSummary>) =>
          update({ sort: String(next.columnAccessor), order: next.direction })
        }
        columns={[
          {
            accessor: 'caseNumber',
            title: t('support.cases.caseNumber'),
            sortable: true,
            render: (record) => (
              <Anchor component={Link} to={supportLinks.case(record.caseId)}>
                {record.caseNumber}
              </Anchor>
            ),
          },
          { accessor: 'title', title: t('support.cases.subject'), sortable: true },
          ...(allCustomers ? [{ accessor: 'customerName', title: t('support.cases.customer') }] : []),
          {
            accessor: 'category',
            title: t('support.cases.category'),
            render: (record) => categoryLabel(t, record.category, record.subCategory),
          },
          {
            accessor: 'status',
            title: t('support.cases.statusColumn'),
            sortable: true,
            render: (record) => <CaseStatusBadge status={record.status} />,
          },
          {
            accessor: 'updated',
            title: t('support.cases.updated'),
            sortable: true,
            render: (record) => formatDateTime(record.updated, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}
