import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api/client';
import { LanguageSelect } from '../../../components/ui/language-select';
import { useLogin } from '../api/login';

type FieldErrors = { email?: string; password?: string };

/** The product's own sign-in with e-mail and password. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const returnTo = (location.state as { from?: string } | null)?.from ?? '/dashboard';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t('validation.required');
    if (!password) errors.password = t('validation.required');
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: () => navigate(returnTo, { replace: true }) },
    );
  };

  const error = login.error;
  const errorMessage =
    error instanceof ApiRequestError && error.status === 401
      ? t('signIn.invalidCredentials')
      : error
        ? t('common.systemFeedback.generalError')
        : undefined;

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper
        component="section"
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w="100%"
        maw={420}
        aria-labelledby="sign-in-title"
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text fw={700} c="blue.8">
              {t('app.title')}
            </Text>
            <Title order={1} size="h2" id="sign-in-title">
              {t('titles.signIn')}
            </Title>
            <Text c="dimmed">{t('signIn.intro')}</Text>
            {errorMessage && (
              <Alert color="red" role="alert">
                {errorMessage}
                {error instanceof ApiRequestError && error.status !== 401 && error.requestId && (
                  <Text size="sm">
                    {t('common.systemFeedback.reference', { reference: error.requestId })}
                  </Text>
                )}
              </Alert>
            )}
            <TextInput
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
            />
            <PasswordInput
              label={t('signIn.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
            />
            <Button type="submit" loading={login.isPending}>
              {t('signIn.submit')}
            </Button>
            <LanguageSelect />
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
