import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../../lib/session/auth-session';
import { SIGN_IN_MESSAGES } from '../complete-sign-in';
import { AuthCard } from './auth-card';

export type SignInFailureProps = {
  /** The technical message for support (spec 8's sign-in messages, or the provider's error code). */
  message?: string;
  /** Translation key of what the user reads; by default it follows from the message. */
  reason?: string;
  /** Reference to give support. */
  reference?: string;
};

/**
 * A sign-in that could not complete: what happened (with the technical message for support) and
 * the way out, which signs out at the provider so the next attempt starts clean.
 */
export function SignInFailure({ message, reason, reference }: SignInFailureProps) {
  const { t } = useTranslation();
  const text =
    reason ??
    (message === SIGN_IN_MESSAGES.noCustomer ? 'signIn.failure.noCustomer' : 'signIn.failure.generic');
  return (
    <AuthCard title={t('signIn.failure.title')}>
      <Alert color="red" role="alert">
        <Stack gap="xs">
          <Text>{t(text)}</Text>
          {message && <Code>{message}</Code>}
          {reference && <Text size="sm">{t('common.systemFeedback.reference', { reference })}</Text>}
        </Stack>
      </Alert>
      <Button onClick={() => void authSession().signOut()}>{t('signIn.failure.signOut')}</Button>
    </AuthCard>
  );
}
