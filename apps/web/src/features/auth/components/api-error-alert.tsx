import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api/client';

/** Translated message for the errors the sign-in pages expect; anything else is generic. */
export function authErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'common.systemFeedback.generalError';
  switch (error.body?.errorCode) {
    case 'INVALID_CREDENTIALS':
      return 'signIn.invalidCredentials';
    case 'ACCOUNT_LOCKED':
      return 'signIn.locked';
    case 'RATE_LIMITED':
      return 'signIn.rateLimited';
    case 'INVALID_CODE':
      return 'signIn.mfa.invalidCode';
    case 'LINK_EXPIRED':
      return 'signIn.linkExpired';
    default:
      return error.status >= 500 ? 'common.systemFeedback.generalError' : 'common.systemFeedback.errorApi';
  }
}

export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const reference = error instanceof ApiRequestError && error.status >= 500 ? error.requestId : undefined;
  return (
    <Alert color="red" role="alert">
      {t(authErrorKey(error))}
      {reference && <Text size="sm">{t('common.systemFeedback.reference', { reference })}</Text>}
    </Alert>
  );
}
