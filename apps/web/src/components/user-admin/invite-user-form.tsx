import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES, ZInviteByEmailRequest, type Language } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { toSupportedLanguage } from '../../lib/i18n';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../lib/routing/unsaved-changes';
import { useInviteUser } from './api/invite-user';
import { useCustomerUsers } from './api/list-customer-users';
import { errorCodeOf, serverFieldErrors, validateWith } from '../../lib/forms/form-validation';

export type InviteUserFormProps = {
  customerId: number;
  customerName: string;
  /** Where to go after inviting (the account's user list). */
  usersPath: string;
  userPath: (userId: string) => string;
};

type Values = { email: string; firstName: string; lastName: string; language: Language };

/**
 * Invites a person to an account by e-mail (spec 2): a new address gets a link to choose a
 * password; someone who already has a user accepts while signed in. 'Invalid email', and someone
 * who already has access is offered to the administrator to view instead.
 */
export function InviteUserForm({ customerId, customerName, usersPath, userPath }: InviteUserFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const invite = useInviteUser();
  const users = useCustomerUsers(customerId);
  const [existing, setExisting] = useState<string>();
  const form = useForm<Values>({
    initialValues: { email: '', firstName: '', lastName: '', language: toSupportedLanguage(i18n.language) },
    validate: (values) => validateWith(ZInviteByEmailRequest, t)({ ...values, customerId }),
  });
  useReportUnsavedChanges(form.isDirty());
  const existingUser = existing
    ? users.data?.find((user) => user.email.toLowerCase() === existing.toLowerCase())
    : undefined;
  const submit = form.onSubmit((values) => {
    setExisting(undefined);
    invite.mutate(
      { ...values, email: values.email.trim(), customerId },
      {
        onSuccess: () => {
          showSuccess('userAdmin.invite.sent', { email: values.email.trim() });
          discardUnsavedChanges();
          void navigate(usersPath);
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'ALREADY_HAS_ACCESS') setExisting(values.email.trim());
          else if (code === 'TOO_MANY_ACCOUNTS')
            form.setFieldError('email', t('userAdmin.errors.tooManyAccounts'));
          else form.setErrors(serverFieldErrors(error, t));
        },
      },
    );
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('userAdmin.invite.intro', { customer: customerName })}
          </Text>
          {existing && (
            <Alert color="yellow" role="alert" title={t('userAdmin.invite.alreadyHasAccess')}>
              {existingUser ? (
                <Anchor component={Link} to={userPath(existingUser.id)}>
                  {t('userAdmin.invite.viewUser', { name: existingUser.displayName })}
                </Anchor>
              ) : (
                t('userAdmin.invite.alreadyHasAccessHint')
              )}
            </Alert>
          )}
          <TextInput
            label={t('userAdmin.fields.email')}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('userAdmin.fields.firstName')}
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput label={t('userAdmin.fields.lastName')} required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <NativeSelect
            label={t('userAdmin.fields.language')}
            description={t('userAdmin.invite.languageHelp')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
            {...form.getInputProps('language')}
          />
          <Group>
            <Button type="submit" loading={invite.isPending}>
              {t('userAdmin.invite.send')}
            </Button>
            <Button variant="default" component={Link} to={usersPath}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
