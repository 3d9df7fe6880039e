import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TService } from '@service-hub/contracts';
import { useUrlState } from '../../../lib/routing/search-params';
import { useServices } from '../api/list-services';
import { administrationLinks } from '../administration-links';
import { AdministrationNav } from '../components/administration-nav';

type SortKey = 'name' | 'shortName' | 'applicationCount' | 'permissionCount';

/** Every service with its applications and permissions (spec 2, /administration/services). */
export function ServicesPage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const [state, setState] = useUrlState({ sort: 'name', direction: 'asc' });
  const sortStatus: DataTableSortStatus<TService> = {
    columnAccessor: state.sort as SortKey,
    direction: state.direction === 'desc' ? 'desc' : 'asc',
  };
  const records = [...(services.data ?? [])].sort((a, b) => {
    const key = sortStatus.columnAccessor as SortKey;
    const order =
      typeof a[key] === 'number'
        ? (a[key] as number) - (b[key] as number)
        : String(a[key]).localeCompare(String(b[key]), i18n.language);
    return sortStatus.direction === 'desc' ? -order : order;
  });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('titles.services')}</Title>
        <Button component={Link} to={administrationLinks.addService()}>
          {t('administration.services.add')}
        </Button>
      </Group>
      <AdministrationNav active="services" />
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={records}
        fetching={services.isPending}
        noRecordsText={t('administration.services.empty')}
        sortStatus={sortStatus}
        onSortStatusChange={(status) =>
          setState({ sort: String(status.columnAccessor), direction: status.direction })
        }
        columns={[
          {
            accessor: 'name',
            title: t('administration.service.name'),
            sortable: true,
            render: (service) => (
              <Anchor component={Link} to={administrationLinks.permissions(service.id)}>
                {service.name}
              </Anchor>
            ),
          },
          { accessor: 'shortName', title: t('administration.service.shortName'), sortable: true },
          {
            accessor: 'applicationCount',
            title: t('administration.services.applications'),
            sortable: true,
            textAlign: 'right',
          },
          {
            accessor: 'permissionCount',
            title: t('administration.services.permissions'),
            sortable: true,
            textAlign: 'right',
          },
        ]}
      />
    </Stack>
  );
}
