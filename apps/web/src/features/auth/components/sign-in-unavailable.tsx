import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-card';

export type SignInUnavailableProps = {
  /** Reference to give support: the request id, or the time it happened. */
  reference: string;
  onRetry: () => void;
};

/** Sign-in cannot start or finish because the sign-in service cannot be reached: never a spinner. */
export function SignInUnavailable({ reference, onRetry }: SignInUnavailableProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('signIn.unavailable.title')}>
      <Alert color="red" role="alert">
        <Stack gap="xs">
          <Text>{t('signIn.unavailable.body')}</Text>
          <Text size="sm">{t('common.systemFeedback.reference', { reference })}</Text>
        </Stack>
      </Alert>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </AuthCard>
  );
}
