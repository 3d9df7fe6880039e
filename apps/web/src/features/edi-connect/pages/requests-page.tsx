import 'mantine-datatable/styles.css';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DEPLOYMENT_REQUEST_SORTS,
  DEPLOYMENT_REQUEST_STATUSES,
  type DeploymentRequestSort,
  type DeploymentRequestStatus,
  type TDeploymentRequest,
} from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useDeploymentRequests } from '../api/list-deployment-requests';
import { MoveRequest } from '../components/move-request';
import { RequestStatusBadge } from '../components/request-status-badge';
import { ediConnectLinks } from '../edi-connect-links';

const PAGE_SIZES = [10, 20, 50];
const FILTERS = ['all', ...DEPLOYMENT_REQUEST_STATUSES] as const;

function RequestDetails({ request }: { request: TDeploymentRequest }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [
      t('ediConnect.fields.partnerIdentifier'),
      `${t(`ediConnect.identifierTypes.${request.partnerIdentifierType}`)} ${request.partnerIdentifier}`,
    ],
    [t('ediConnect.fields.protocol'), request.protocol],
    ...Object.entries(request.connection).map(([key, value]): [string, string] => [
      t(`ediConnect.connection.${key}`, { defaultValue: key }),
      String(value),
    ]),
    [t('ediConnect.fields.messageStandard'), t(`ediConnect.standards.${request.messageStandard}`)],
    [t('ediConnect.fields.messageTypes'), request.messageTypes.join(', ')],
    [t('ediConnect.fields.direction'), t(`ediConnect.directions.${request.direction}`)],
    [t('ediConnect.fields.environment'), t(`ediConnect.environments.${request.environment}`)],
    [
      t('ediConnect.fields.contact'),
      [request.contactName, request.contactEmail, request.contactPhone].filter(Boolean).join(', '),
    ],
    [t('ediConnect.fields.requestedGoLive'), request.requestedGoLive ?? '–'],
    [t('ediConnect.list.requestedBy'), request.requestedBy ?? '–'],
    [t('ediConnect.list.statusChanged'), formatDateTime(request.statusChanged, i18n.language)],
    ...(request.notes ? [[t('ediConnect.fields.notes'), request.notes] as [string, string]] : []),
    ...(request.rejectionReason
      ? [[t('ediConnect.list.rejectionReason'), request.rejectionReason] as [string, string]]
      : []),
  ];
  return (
    <Stack p="sm" gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="dl" m={0} spacing="xs">
        {rows.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <MoveRequest request={request} />
    </Stack>
  );
}

/**
 * Communication orders (deployment requests) with their status, newest first; a row opens its
 * details. Provider staff see every customer's orders and move them along.
 */
export default function RequestsPage() {
  const { t, i18n } = useTranslation();
  const { account } = useActiveAccount();
  const { data: user } = useCurrentUser();
  const isProvider = user?.roles.some((role) => role.name === 'SF_ADMIN') ?? false;
  const [params, setParams] = useSearchParams();
  const [expanded, setExpanded] = useState<number[]>([]);
  const status = (FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as DeploymentRequestStatus | 'all')
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 20;
  const allCustomers = isProvider && params.get('customers') === 'all';
  const sort = (DEPLOYMENT_REQUEST_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as DeploymentRequestSort)
    : 'created';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const { data, isFetching } = useDeploymentRequests(account?.id ?? null, {
    status,
    sort,
    order,
    page,
    pageSize,
    allCustomers,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {t('titles.deploymentRequests')}
        </Title>
        <Button
          component={Link}
          to={ediConnectLinks.newRequest()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('ediConnect.list.newRequest')}
        </Button>
      </Group>
      <Text c="dimmed">{t('ediConnect.list.intro')}</Text>
      <Group align="end">
        <Select
          label={t('ediConnect.list.status')}
          data={FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('ediConnect.list.allStatuses') : t(`ediConnect.statuses.${value}`),
          }))}
          value={status}
          onChange={(value) => update({ status: value === 'all' ? null : value })}
          allowDeselect={false}
          w={220}
        />
        {isProvider && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="edi-connect-customers-label">
              {t('ediConnect.list.customers')}
            </Text>
            <SegmentedControl
              aria-labelledby="edi-connect-customers-label"
              value={allCustomers ? 'all' : 'active'}
              onChange={(value) => update({ customers: value === 'all' ? 'all' : null })}
              data={[
                { value: 'active', label: t('ediConnect.list.activeAccount') },
                { value: 'all', label: t('ediConnect.list.allCustomers') },
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
        records={data?.requests ?? []}
        totalRecords={data?.totalCount ?? 0}
        page={page}
        recordsPerPage={pageSize}
        onPageChange={(next) => update({ page: String(next) })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => update({ pageSize: String(size) })}
        recordsPerPageLabel={t('ediConnect.list.pageSize')}
        paginationText={({ from, to, totalRecords }) =>
          t('ediConnect.list.showing', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('ediConnect.list.previousPage') }
            : control === 'next'
              ? { 'aria-label': t('ediConnect.list.nextPage') }
              : {}
        }
        noRecordsText={t('ediConnect.list.noResults')}
        sortStatus={{ columnAccessor: sort, direction: order }}
        onSortStatusChange={(next: DataTableSortStatus<TDeploymentRequest>) =>
          update({ sort: String(next.columnAccessor), order: next.direction })
        }
        rowExpansion={{
          allowMultiple: true,
          trigger: 'never',
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <RequestDetails request={record} />,
        }}
        columns={[
          {
            accessor: 'partnerName',
            title: t('ediConnect.fields.partnerName'),
            sortable: true,
            render: (record) => (
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={expanded.includes(record.id)}
                onClick={(event) => {
                  event.stopPropagation();
                  setExpanded((ids) =>
                    ids.includes(record.id) ? ids.filter((id) => id !== record.id) : [...ids, record.id],
                  );
                }}
              >
                {record.partnerName}
              </Button>
            ),
          },
          ...(allCustomers ? [{ accessor: 'customerName', title: t('ediConnect.list.customer') }] : []),
          { accessor: 'protocol', title: t('ediConnect.fields.protocol') },
          {
            accessor: 'messageTypes',
            title: t('ediConnect.fields.messageTypes'),
            render: (record) =>
              `${t(`ediConnect.standards.${record.messageStandard}`)}: ${record.messageTypes.join(', ')}`,
          },
          {
            accessor: 'environment',
            title: t('ediConnect.fields.environment'),
            render: (record) => t(`ediConnect.environments.${record.environment}`),
          },
          {
            accessor: 'status',
            title: t('ediConnect.list.statusColumn'),
            sortable: true,
            render: (record) => <RequestStatusBadge status={record.status} />,
          },
          {
            accessor: 'created',
            title: t('ediConnect.list.created'),
            sortable: true,
            render: (record) => formatDateTime(record.created, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}
