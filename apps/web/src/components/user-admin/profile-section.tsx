import {
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STORED_ROLES, ZUpdateUserRequest, type StoredRole, type TManagedUser } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { useUpdateUser } from './api/update-user';
import { serverFieldErrors, validateWith } from '../../lib/forms/form-validation';

type Values = { firstName: string; lastName: string; enabled: boolean; roles: StoredRole[] };

const valuesOf = (user: TManagedUser): Values => ({
  firstName: user.firstName,
  lastName: user.lastName,
  enabled: user.enabled,
  roles: [...user.roles],
});

/** Name, whether the user may sign in, and roles: the selection only adds (spec 5). */
export function ProfileSection({ user, onDirty }: { user: TManagedUser; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const form = useForm<Values>({
    initialValues: valuesOf(user),
    validate: validateWith(ZUpdateUserRequest, t),
  });
  const dirty = form.isDirty();
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const readOnly = !user.allowed.edit;
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(valuesOf(saved));
        form.setValues(valuesOf(saved));
        showSuccess('common.changesSaved');
      },
      onError: (error) => form.setErrors(serverFieldErrors(error, t)),
    }),
  );
  return (
    <Card withBorder component="section" aria-labelledby="user-profile">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="user-profile">
            {t('userAdmin.profile')}
          </Title>
          {readOnly && (
            <Text size="sm" c="dimmed">
              {t('userAdmin.readOnly')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('userAdmin.fields.firstName')}
              required
              readOnly={readOnly}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('userAdmin.fields.lastName')}
              required
              readOnly={readOnly}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <Switch
            label={t('userAdmin.fields.enabled')}
            description={t('userAdmin.enabledHelp')}
            disabled={readOnly}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Fieldset variant="unstyled" legend={t('userAdmin.fields.roles')}>
            <Stack gap={6} mt={4}>
              {STORED_ROLES.map((role) => {
                const held = user.roles.includes(role);
                const grantable = user.grantableRoles.includes(role);
                return (
                  <Checkbox
                    key={role}
                    label={t(`userAdmin.roles.${role}`)}
                    checked={form.values.roles.includes(role)}
                    disabled={readOnly || held || !grantable}
                    onChange={(event) =>
                      form.setFieldValue(
                        'roles',
                        event.currentTarget.checked
                          ? [...form.values.roles, role]
                          : form.values.roles.filter((r) => r !== role),
                      )
                    }
                  />
                );
              })}
            </Stack>
            <Text size="sm" c="dimmed" mt="xs">
              {t('userAdmin.rolesOnlyAdd')}
            </Text>
          </Fieldset>
          {!readOnly && (
            <Group>
              <Button type="submit" loading={update.isPending} disabled={!dirty}>
                {t('common.save')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('userAdmin.takesEffect')}
              </Text>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
