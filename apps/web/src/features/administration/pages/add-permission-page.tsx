import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { z } from 'zod';
import { ZCreatePermissionRequest, ZInt32Id } from '@service-hub/contracts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { showSuccess } from '../../../lib/feedback/toasts';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useCreatePermission } from '../api/create-permission';
import { useService } from '../api/get-service';
import { useAccountSearch } from '../api/search-accounts';
import { useServiceParam } from '../components/use-service-param';
import { ADMIN_MESSAGES } from '../messages';
import { errorCodeOf, serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { administrationLinks } from '../administration-links';

/** Track-and-trace permissions are tied to one customer: the form asks for it. */
const ZSttPermission = ZCreatePermissionRequest.extend({ customerId: ZInt32Id });

type Values = { name: string; roles: string[]; customerId: string };

function CustomerSelect({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const accounts = useAccountSearch(debounced);
  return (
    <Select
      label={t('administration.permission.customer')}
      description={t('administration.permission.customerHelp')}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('administration.permission.noCustomers')}
      data={(accounts.data ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.name} (${c.customerNumber})`,
      }))}
      {...inputProps}
    />
  );
}

/**
 * Adds a permission to a service (spec 2: names are unique per service). For track and trace
 * (sttaddpermission) the permission is tied to a customer, and leaving with changes asks first.
 */
export function AddPermissionPage({ tiedToCustomer = false }: { tiedToCustomer?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const serviceId = useServiceParam();
  const service = useService(serviceId ?? 0);
  const create = useCreatePermission(serviceId ?? 0);
  const [existing, setExisting] = useState<string>();
  const form = useForm<Values>({
    initialValues: { name: '', roles: [], customerId: '' },
    validate: (values) =>
      validateWith(tiedToCustomer ? ZSttPermission : ZCreatePermissionRequest.omit({ customerId: true }), t, {
        keys: ADMIN_MESSAGES,
      })(toRequest(values)),
  });
  useReportUnsavedChanges(tiedToCustomer && form.isDirty());
  if (serviceId === null || service.isError) return <Redirect to={administrationLinks.services()} replace />;
  if (!service.data) return <LoadingPage />;
  const permissionsPath = administrationLinks.permissions(serviceId);
  const submit = form.onSubmit((values) => {
    setExisting(undefined);
    create.mutate(toRequest(values) as z.input<typeof ZCreatePermissionRequest>, {
      onSuccess: () => {
        showSuccess('administration.permission.added', { name: values.name.trim() });
        discardUnsavedChanges();
        void navigate(permissionsPath);
      },
      onError: (error) => {
        if (errorCodeOf(error) === 'PERMISSION_EXISTS') {
          setExisting(values.name.trim());
          form.setFieldError('name', t('administration.permission.exists'));
        } else form.setErrors(serverFieldErrors(error, t, ADMIN_MESSAGES));
      },
    });
  });
  return (
    <Stack maw={720}>
      <Title order={1}>
        {service.data.name} · {t(tiedToCustomer ? 'titles.addSttPermission' : 'titles.addPermission')}
      </Title>
      {existing && (
        <Alert color="yellow" role="alert" title={t('administration.permission.exists')}>
          <Anchor component={Link} to={administrationLinks.permissions(serviceId, existing)}>
            {t('administration.permission.seeExisting')}
          </Anchor>
        </Alert>
      )}
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('administration.permission.prefixNote', { prefix: service.data.shortName })}
            </Text>
            <TextInput label={t('administration.permission.name')} required {...form.getInputProps('name')} />
            <TagsInput
              label={t('administration.permission.roles')}
              description={t('administration.permission.roleHelp')}
              {...form.getInputProps('roles')}
            />
            {tiedToCustomer && <CustomerSelect inputProps={form.getInputProps('customerId')} />}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('administration.permission.add')}
              </Button>
              <Button variant="default" component={Link} to={permissionsPath}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function toRequest(values: Values) {
  return {
    name: values.name,
    roles: values.roles.map((role) => role.trim().toUpperCase()),
    ...(values.customerId ? { customerId: Number(values.customerId) } : {}),
  };
}

export function AddSttPermissionPage() {
  return <AddPermissionPage tiedToCustomer />;
}
