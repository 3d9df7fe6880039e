import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../../lib/session/auth-session';
import { AuthCard } from './auth-card';

/**
 * The identity provider signed the user in, but Service Hub has no user for them (or no longer
 * lets them in). Signing in again would not help; signing out lets them try another account.
 */
export function NotProvisioned() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('signIn.notProvisioned.title')}>
      <Alert color="yellow" role="alert">
        {t('signIn.notProvisioned.body')}
      </Alert>
      <Button variant="default" onClick={() => void authSession().signOut()}>
        {t('common.signOut')}
      </Button>
    </AuthCard>
  );
}
