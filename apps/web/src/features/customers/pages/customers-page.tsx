import { Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETS, type Market } from '@service-hub/contracts';
import { MarketFlag } from '../../../components/ui/market-flag';
import { formatDateTime } from '../../../lib/format';
import { positiveInt, useUrlState } from '../../../lib/routing/search-params';
import { useCustomerSearch, type CustomerSearch } from '../api/search-customers';
import { FilterInput } from '../../../components/ui/filter-input';
import { customersLinks } from '../customers-links';

const PAGE_SIZES = [10, 25, 50, 100];
const SORTS = ['name', 'customerNumber', 'market', 'created'] as const;

/** Customers by name and number in a market, sorted and paged on the server (spec 2, /customers). */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useUrlState({
    name: '',
    number: '',
    market: '',
    page: '1',
    size: '25',
    sort: 'name',
    direction: 'asc',
  });
  const pageSize = PAGE_SIZES.includes(Number(state.size)) ? Number(state.size) : 25;
  const page = positiveInt(state.page, 1);
  const sortBy = SORTS.find((s) => s === state.sort) ?? 'name';
  const search: CustomerSearch = {
    ...(state.name ? { customerName: state.name } : {}),
    ...(state.number ? { customerNumber: state.number } : {}),
    ...(MARKETS.includes(state.market as Market) ? { market: state.market as Market } : {}),
    take: pageSize,
    skip: (page - 1) * pageSize,
    sortBy,
    sortDirection: state.direction === 'desc' ? 'desc' : 'asc',
  };
  const customers = useCustomerSearch(search);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('titles.customers')}</Title>
        <Group>
          <Button component={Link} to={customersLinks.newBulk()} variant="default">
            {t('customers.list.importFromCrm')}
          </Button>
          <Button component={Link} to={customersLinks.new()}>
            {t('customers.list.new')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="search" aria-label={t('customers.list.filters')}>
        <FilterInput
          label={t('customers.fields.name')}
          value={state.name}
          onCommit={(name) => setState({ name })}
        />
        <FilterInput
          label={t('customers.fields.customerNumber')}
          value={state.number}
          onCommit={(number) => setState({ number })}
        />
        <NativeSelect
          label={t('customers.fields.market')}
          value={state.market}
          onChange={(event) => setState({ market: event.currentTarget.value })}
          data={[
            { value: '', label: t('customers.list.allMarkets') },
            ...MARKETS.map((m) => ({ value: m, label: t(`common.markets.${m}`) })),
          ]}
        />
      </SimpleGrid>
      <DataTable
        withTableBorder
        striped
        minHeight={200}
        records={customers.data?.result ?? []}
        fetching={customers.isFetching}
        totalRecords={customers.data?.totalCount ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={(next) => setState({ page: String(next) })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => setState({ size: String(size) })}
        recordsPerPageLabel={t('administration.table.pageSize')}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`lists.pages.${control}`) })}
        paginationText={({ from, to, totalRecords }) =>
          t('administration.table.range', { from, to, total: totalRecords })
        }
        noRecordsText={t('administration.table.noResults')}
        sortStatus={{ columnAccessor: sortBy, direction: search.sortDirection }}
        onSortStatusChange={(status) =>
          setState({ sort: String(status.columnAccessor), direction: status.direction })
        }
        columns={[
          {
            accessor: 'name',
            title: t('customers.fields.name'),
            sortable: true,
            render: (customer) => (
              <Anchor component={Link} to={customersLinks.customer(customer.id)}>
                {customer.name}
              </Anchor>
            ),
          },
          { accessor: 'customerNumber', title: t('customers.fields.customerNumber'), sortable: true },
          {
            accessor: 'market',
            title: t('customers.fields.market'),
            sortable: true,
            render: (customer) => (
              <Group gap={6} wrap="nowrap">
                <span aria-hidden>
                  <MarketFlag market={customer.market} label={t(`common.markets.${customer.market}`)} />
                </span>
                {t(`common.markets.${customer.market}`)}
              </Group>
            ),
          },
          {
            accessor: 'userCount',
            title: t('customers.list.users'),
            textAlign: 'right',
          },
          {
            accessor: 'isMFAEnabled',
            title: t('customers.list.mfa'),
            render: (customer) =>
              customer.isMFAEnabled ? t(`security.methods.${customer.mfaType ?? 'app'}`) : '',
          },
          {
            accessor: 'created',
            title: t('customers.fields.created'),
            sortable: true,
            render: (customer) => formatDateTime(customer.created, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}
