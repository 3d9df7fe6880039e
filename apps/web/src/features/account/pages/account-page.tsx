import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  PASSWORD_MIN_LENGTH,
  ZChangePasswordRequest,
  ZRequestEmailChangeRequest,
  ZUpdateCurrentUserRequest,
  type TCurrentUser,
} from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { withRepeatedPassword } from '../../../lib/forms/new-password-form';
import { formatDateTime } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { authSession } from '../../../lib/session/auth-session';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useChangePassword } from '../api/change-password';
import { useMfaStatus } from '../api/get-mfa-status';
import { useRequestEmailChange } from '../api/request-email-change';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { useUpdateProfile } from '../api/update-profile';
import { PasskeysCard } from '../components/passkeys-card';
import { appLinks } from '../../../lib/routing/links';

function ProfileCard({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useContractForm(ZUpdateCurrentUserRequest, {
    initialValues: { firstName: user.firstName, lastName: user.lastName, language: user.language },
  });
  useReportUnsavedChanges(form.isDirty());
  const submit = form.onSubmit((values) => {
    const profile = ZUpdateCurrentUserRequest.parse(values);
    update.mutate(profile, {
      onSuccess: () => {
        form.resetDirty(values);
        void changeLanguage(profile.language);
        showSuccess('common.changesSaved');
      },
      onError: (error) => showServerFieldErrors(form, error, t),
    });
  });
  return (
    <Card withBorder component="section" aria-labelledby="account-profile">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="account-profile">
            {t('account.profile')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('account.firstName')}
              required
              maxLength={100}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('account.lastName')}
              required
              maxLength={100}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <NativeSelect
            label={t('account.language')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
            key={form.key('language')}
            {...form.getInputProps('language')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const ZEmailForm = ZRequestEmailChangeRequest.pick({ email: true });

function EmailCard({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const form = useContractForm(ZEmailForm, { initialValues: { email: '' } });
  const email = form.getValues().email.trim();
  useReportUnsavedChanges(email !== '' && !request.isSuccess);
  // The address one signs in with changes only shortly after proving who one is.
  const needsFreshSignIn =
    request.error instanceof ApiRequestError && request.error.body?.errorCode === 'REAUTHENTICATION_REQUIRED';
  const submit = form.onSubmit((values) =>
    request.mutate(
      { userId: user.id, email: values.email.trim() },
      { onError: (error) => showServerFieldErrors(form, error, t) },
    ),
  );
  return (
    <Card withBorder component="section" aria-labelledby="account-email">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="account-email">
            {t('account.email')}
          </Title>
          <Text>
            {user.email}{' '}
            {/* Dot variant: dark text on white; green or orange text on the light tint stays under 4.5:1. */}
            <Badge variant="dot" color={user.emailVerified ? 'green' : 'orange'}>
              {t(user.emailVerified ? 'account.verified' : 'account.notVerified')}
            </Badge>
          </Text>
          {needsFreshSignIn && (
            <Alert color="yellow" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('account.signInAgainForEmail')}</Text>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    // Signing in again leaves the page on purpose: no "leave site?" question.
                    discardUnsavedChanges();
                    void authSession().signIn({ path: appLinks.account(), query: '' }, user.email, 'login');
                  }}
                >
                  {t('account.signInAgain')}
                </Button>
              </Stack>
            </Alert>
          )}
          {request.isSuccess ? (
            <Alert color="green" role="status">
              {t('account.emailChangeSent', { email })}
            </Alert>
          ) : (
            <>
              <TextInput
                label={t('account.newEmail')}
                type="email"
                autoComplete="email"
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <Group>
                <Button type="submit" variant="default" loading={request.isPending}>
                  {t('account.changeEmail')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}

const ZPasswordForm = withRepeatedPassword(ZChangePasswordRequest.shape, 'newPassword');
const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', repeat: '' };

function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useContractForm(ZPasswordForm, { initialValues: EMPTY_PASSWORDS });
  useReportUnsavedChanges(form.isDirty());
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.setInitialValues(EMPTY_PASSWORDS);
          form.reset();
          showSuccess('account.passwordChanged');
        },
        onError: (error) => showServerFieldErrors(form, error, t),
      },
    ),
  );
  return (
    <Card withBorder component="section" aria-labelledby="account-password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="account-password">
            {t('account.password')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
          </Text>
          <PasswordInput
            label={t('account.currentPassword')}
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('account.newPassword')}
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('invitation.repeatPassword')}
            autoComplete="new-password"
            key={form.key('repeat')}
            {...form.getInputProps('repeat')}
          />
          <Group>
            <Button type="submit" variant="default" loading={change.isPending}>
              {t('account.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function MfaCard() {
  const { t, i18n } = useTranslation();
  const { data } = useMfaStatus();
  const method = (enrolledAt: string | null) =>
    enrolledAt
      ? t('account.mfa.enrolledOn', { date: formatDateTime(enrolledAt, i18n.language) })
      : t('account.mfa.notEnrolled');
  return (
    <Card withBorder component="section" aria-labelledby="account-mfa">
      <Stack>
        <Title order={2} size="h3" id="account-mfa">
          {t('account.mfa.title')}
        </Title>
        {data && (
          <>
            <Text>
              {data.required
                ? t('account.mfa.required', { method: t(`account.mfa.methods.${data.required}`) })
                : t('account.mfa.notRequired')}
            </Text>
            <Text size="sm">
              {t('account.mfa.methods.app')}: {method(data.app.enrolledAt)}
            </Text>
            <Text size="sm">
              {t('account.mfa.methods.email')}: {method(data.email.enrolledAt)}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          {t('account.mfa.note')}
        </Text>
      </Stack>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();
  const confirm = async () => {
    await signOutEverywhere.mutateAsync();
    // This session has ended at the server too: only the local state and the sign-in page remain.
    queryClient.clear();
    await authSession().signOut();
  };
  return (
    <Card withBorder component="section" aria-labelledby="account-sessions">
      <Stack align="flex-start">
        <Title order={2} size="h3" id="account-sessions">
          {t('account.sessions.title')}
        </Title>
        <Text>{t('account.sessions.description')}</Text>
        <Button variant="default" color="red" onClick={() => setConfirming(true)}>
          {t('account.sessions.signOutEverywhere')}
        </Button>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.sessions.confirmTitle')}
        withCloseButton={false}
        centered
      >
        <Text mb="lg">{t('account.sessions.confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={signOutEverywhere.isPending} onClick={() => void confirm()}>
            {t('account.sessions.signOutEverywhere')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** The Account page from the user menu: name, e-mail, language, password, second factors, passkeys, sessions. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack maw={900}>
      <Title order={1}>{t('titles.account')}</Title>
      <ProfileCard user={user} />
      <EmailCard user={user} />
      <PasswordCard />
      <MfaCard />
      <PasskeysCard email={user.email} />
      <SessionsCard />
    </Stack>
  );
}
