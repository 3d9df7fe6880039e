import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PASSWORD_MIN_LENGTH, type Language, type TCurrentUser } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { authSession } from '../../../lib/session/auth-session';
import { useCurrentUser } from '../../../lib/session/current-user';
import { newPasswordErrors } from '../../../lib/validation/new-password';
import { useChangePassword } from '../api/change-password';
import { useMfaStatus } from '../api/get-mfa-status';
import { useRequestEmailChange } from '../api/request-email-change';
import { useUpdateProfile } from '../api/update-profile';
import { fieldErrorsOf } from '../components/field-errors';

function ProfileCard({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [language, setLanguage] = useState<Language>(user.language);
  const errors = fieldErrorsOf(update.error, t);
  useReportUnsavedChanges(
    firstName.trim() !== user.firstName || lastName.trim() !== user.lastName || language !== user.language,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), language },
      {
        onSuccess: () => {
          void changeLanguage(language);
          showSuccess('common.changesSaved');
        },
      },
    );
  };
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
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.firstName}
              maxLength={100}
            />
            <TextInput
              label={t('account.lastName')}
              required
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.lastName}
              maxLength={100}
            />
          </SimpleGrid>
          <NativeSelect
            label={t('account.language')}
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value as Language)}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
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

function EmailCard({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const serverErrors = fieldErrorsOf(request.error, t);
  useReportUnsavedChanges(email.trim() !== '' && !request.isSuccess);
  // The address one signs in with changes only shortly after proving who one is.
  const needsFreshSignIn =
    request.error instanceof ApiRequestError && request.error.body?.errorCode === 'REAUTHENTICATION_REQUIRED';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('validation.required'));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setError(t('validation.invalidEmail'));
    setError(undefined);
    request.mutate({ userId: user.id, email: value });
  };
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
                    void authSession().signIn({ path: '/account', query: '' }, user.email, 'login');
                  }}
                >
                  {t('account.signInAgain')}
                </Button>
              </Stack>
            </Alert>
          )}
          {request.isSuccess ? (
            <Alert color="green" role="status">
              {t('account.emailChangeSent', { email: email.trim() })}
            </Alert>
          ) : (
            <>
              <TextInput
                label={t('account.newEmail')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={error ?? serverErrors.email}
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

function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const serverErrors = fieldErrorsOf(change.error, t);
  useReportUnsavedChanges(currentPassword !== '' || newPassword !== '' || repeat !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = newPasswordErrors(t, newPassword, repeat);
    const next = {
      currentPassword: currentPassword ? undefined : t('validation.required'),
      newPassword: checked.password,
      repeat: checked.repeat,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          setRepeat('');
          showSuccess('account.passwordChanged');
        },
      },
    );
  };
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
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.currentPassword ?? serverErrors.currentPassword}
          />
          <PasswordInput
            label={t('account.newPassword')}
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
            error={errors.newPassword ?? serverErrors.newPassword}
          />
          <PasswordInput
            label={t('invitation.repeatPassword')}
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
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

/** The Account page from the user menu: name, e-mail, language, password, second factors. */
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
    </Stack>
  );
}
