import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../../lib/session/auth-session';
import { SIGN_IN_MESSAGES } from '../complete-sign-in';
import { AuthCard } from './auth-card';

/**
 * A sign-in that could not complete: what happened (with the technical message for support) and
 * the way out, which signs out at the provider so the next attempt starts clean.
 */
export function SignInFailure({ message }: { message: string }) {
  const { t } = useTranslation();
  const reason =
    message === SIGN_IN_MESSAGES.noCustomer ? 'signIn.failure.noCustomer' : 'signIn.failure.generic';
  return (
    <AuthCard title={t('signIn.failure.title')}>
      <Alert color="red" role="alert">
        <Stack gap="xs">
          <Text>{t(reason)}</Text>
          <Code>{message}</Code>
        </Stack>
      </Alert>
      <Button onClick={() => void authSession().signOut()}>{t('signIn.failure.signOut')}</Button>
    </AuthCard>
  );
}
