import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { TCustomer, TServiceAccess } from '@service-hub/contracts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useServiceAccess } from '../api/get-service-access';
import { useUpdateServiceAccess } from '../api/update-service-access';

type Selection = { permissions: Set<number>; applications: Set<number> };

const grantedOf = (access: TServiceAccess): Selection => ({
  permissions: new Set(
    access.services.flatMap((s) => s.permissions.filter((p) => p.granted).map((p) => p.id)),
  ),
  applications: new Set(
    access.services.flatMap((s) => s.applications.filter((a) => a.granted).map((a) => a.id)),
  ),
});

const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * Grants and withdraws a customer's services and applications (spec 2, service-access tab, confirm
 * leave). AI, WOD, EA and IBF are never given to users together with access to the account.
 */
export function CustomerServiceAccessPage() {
  const { t } = useTranslation();
  const customer = useOutletContext<TCustomer>();
  const access = useServiceAccess(customer.id);
  const update = useUpdateServiceAccess(customer.id);
  const [selection, setSelection] = useState<Selection>();
  const [loaded, setLoaded] = useState<TServiceAccess>();
  // What the server has (first load, or after saving) becomes the selection to edit.
  if (access.data && access.data !== loaded) {
    setLoaded(access.data);
    setSelection(grantedOf(access.data));
  }
  const saved = access.data ? grantedOf(access.data) : undefined;
  const dirty =
    !!selection &&
    !!saved &&
    (!sameSet(selection.permissions, saved.permissions) ||
      !sameSet(selection.applications, saved.applications));
  useReportUnsavedChanges(dirty);
  if (!access.data || !selection) return <LoadingPage />;

  const toggle = (kind: keyof Selection, id: number, on: boolean) =>
    setSelection((current) => {
      const next = new Set(current![kind]);
      if (on) next.add(id);
      else next.delete(id);
      return { ...current!, [kind]: next };
    });
  const save = () =>
    update.mutate(
      { permissionIds: [...selection.permissions], applicationIds: [...selection.applications] },
      { onSuccess: () => showSuccess('common.changesSaved') },
    );

  return (
    <Stack>
      <Title order={1}>
        {customer.name} · {t('titles.serviceAccess')}
      </Title>
      <Alert color="blue" variant="light">
        {t('customers.serviceAccess.intro')}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {access.data.services.map((service) => (
          <Card key={service.id} withBorder component="section" aria-labelledby={`service-${service.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4" id={`service-${service.id}`}>
                  {service.name}
                </Title>
                <Badge variant="outline">{service.shortName}</Badge>
              </Group>
              {service.notGrantedWithAccess && (
                <Text size="sm" c="dimmed">
                  {t('customers.serviceAccess.notWithAccess')}
                </Text>
              )}
              <Fieldset variant="unstyled" legend={t('customers.serviceAccess.permissions')}>
                <Stack gap={6} mt={4}>
                  {service.permissions.map((permission) => (
                    <Checkbox
                      key={permission.id}
                      label={
                        permission.roles.length > 0
                          ? `${permission.name} (${permission.roles.join(', ')})`
                          : permission.name
                      }
                      checked={selection.permissions.has(permission.id)}
                      onChange={(event) => toggle('permissions', permission.id, event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Fieldset>
              {service.applications.length > 0 && (
                <Fieldset variant="unstyled" legend={t('customers.serviceAccess.applications')}>
                  <Stack gap={6} mt={4}>
                    {service.applications.map((application) => (
                      <Checkbox
                        key={application.id}
                        label={application.applicationName}
                        checked={selection.applications.has(application.id)}
                        onChange={(event) =>
                          toggle('applications', application.id, event.currentTarget.checked)
                        }
                      />
                    ))}
                  </Stack>
                </Fieldset>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }} py="sm">
        <Button onClick={save} loading={update.isPending} disabled={!dirty}>
          {t('common.save')}
        </Button>
        <Button variant="default" onClick={() => setSelection(grantedOf(access.data))} disabled={!dirty}>
          {t('customers.serviceAccess.undo')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('customers.serviceAccess.takesEffect')}
        </Text>
      </Group>
    </Stack>
  );
}
