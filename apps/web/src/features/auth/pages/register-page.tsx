import { Alert, Anchor, Button, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PASSWORD_MIN_LENGTH, ZRegisterRequest, type Language } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { withRepeatedPassword } from '../../../lib/forms/new-password-form';
import { appLinks } from '../../../lib/routing/links';
import { register } from '../api/register';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthCard } from '../components/auth-card';

const ZRegisterForm = withRepeatedPassword(ZRegisterRequest.shape, 'password');

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeat: string;
  language: Language;
};

const isLanguage = (value: string): value is Language => LANGUAGES.some((language) => language === value);

/**
 * "Create an account" from the sign-in page: name, address, password and language. The answer is
 * the same for every address (an address that already has a user is mailed a pointer to sign in
 * instead), so the page always says the same: check your e-mail.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const limited = failure instanceof ApiRequestError && failure.status === 429;
  const form = useContractForm<Values>(ZRegisterForm, {
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      repeat: '',
      language: isLanguage(i18n.language) ? i18n.language : 'en-SE',
    },
  });
  const submit = form.onSubmit(async ({ repeat: _repeat, ...body }) => {
    setBusy(true);
    setFailure(null);
    try {
      await register(body);
      setSentTo(body.email.trim());
    } catch (error) {
      if (!showServerFieldErrors(form, error, t)) setFailure(error);
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <AuthCard title={t('signIn.register.sentTitle')}>
        <Alert color="green" role="status">
          {t('signIn.register.sent', { email: sentTo })}
        </Alert>
        <Anchor href={appLinks.home()}>{t('signIn.register.backToSignIn')}</Anchor>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signIn.register.title')} intro={t('signIn.register.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {limited ? (
            <Alert color="red" role="alert">
              {t('signIn.register.rateLimited')}
            </Alert>
          ) : (
            <ApiErrorAlert error={failure} />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('signIn.register.firstName')}
              autoComplete="given-name"
              required
              miw={140}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('signIn.register.lastName')}
              autoComplete="family-name"
              required
              miw={140}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('signIn.password')}
            description={t('invitation.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('invitation.repeatPassword')}
            autoComplete="new-password"
            required
            key={form.key('repeat')}
            {...form.getInputProps('repeat')}
          />
          <Select
            label={t('signIn.register.language')}
            description={t('signIn.register.languageHint')}
            data={LANGUAGES.map((language) => ({
              value: language,
              label: t(`common.languages.${language}`),
            }))}
            allowDeselect={false}
            required
            key={form.key('language')}
            {...form.getInputProps('language')}
          />
          <Button type="submit" loading={busy}>
            {t('signIn.register.submit')}
          </Button>
          <Anchor href={appLinks.home()}>{t('signIn.register.haveAccount')}</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
