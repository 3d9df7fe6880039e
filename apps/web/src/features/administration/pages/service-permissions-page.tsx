import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { LoadingPage } from '../../../components/ui/loading-page';
import { useService } from '../api/get-service';
import { AddApplicationForm } from '../components/add-application-form';
import { useServiceParam } from '../components/use-service-param';
import { administrationLinks } from '../administration-links';

/** A service's applications and permissions (spec 2, /administration/services/{service}/permissions). */
export function ServicePermissionsPage() {
  const { t } = useTranslation();
  const serviceId = useServiceParam();
  const service = useService(serviceId ?? 0);
  const [params] = useSearchParams();
  const highlighted = params.get('permission');
  if (serviceId === null || service.isError) return <Redirect to={administrationLinks.services()} replace />;
  if (!service.data) return <LoadingPage />;
  const data = service.data;
  const addPath = administrationLinks.addPermission(data);
  const detail = (label: string, value: string | null) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value ?? '—'}</Text>
    </div>
  );
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          {data.name} · {t('titles.permissions')}
        </Title>
        <Button component={Link} to={addPath}>
          {t('administration.permission.add')}
        </Button>
      </Group>
      {highlighted && (
        <Alert color="blue" role="status">
          {t('administration.permission.existsHere', { name: highlighted })}
        </Alert>
      )}
      <Card withBorder component="section" aria-labelledby="service-details">
        <Stack>
          <Title order={2} size="h3" id="service-details">
            {t('administration.service.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {detail(t('administration.service.shortName'), data.shortName)}
            {detail(t('administration.service.crmMappingGuid'), data.crmMappingGuid)}
            {detail(t('administration.service.wodGroupName'), data.wodGroupName)}
            {detail(t('administration.service.nameHint'), data.nameHint)}
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="service-applications">
        <Stack>
          <Title order={2} size="h3" id="service-applications">
            {t('administration.services.applications')}
          </Title>
          {data.applications.length > 0 ? (
            <List>
              {data.applications.map((application) => (
                <List.Item key={application.id}>{application.applicationName}</List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">{t('administration.application.none')}</Text>
          )}
          <AddApplicationForm serviceId={data.id} />
        </Stack>
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="service-permissions">
        <Title order={2} size="h3" id="service-permissions">
          {t('titles.permissions')}
        </Title>
        <DataTable
          withTableBorder
          striped
          minHeight={120}
          records={data.permissions}
          noRecordsText={t('administration.permission.none')}
          rowStyle={(permission) =>
            permission.name === highlighted ? { outline: '2px solid var(--mantine-color-blue-8)' } : undefined
          }
          columns={[
            { accessor: 'name', title: t('administration.permission.name') },
            {
              accessor: 'roles',
              title: t('administration.permission.roles'),
              render: (permission) => permission.roles.join(', '),
            },
            {
              accessor: 'customerName',
              title: t('administration.permission.customer'),
              render: (permission) => permission.customerName ?? t('administration.permission.allCustomers'),
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}
