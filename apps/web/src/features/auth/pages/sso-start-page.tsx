import { Alert, Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingPage } from '../../../components/ui/loading-page';
import { authSession } from '../../../lib/session/auth-session';
import { AuthCard } from '../components/auth-card';
import { SignInUnavailable } from '../components/sign-in-unavailable';
import { safeReturnPath } from '../safe-return-path';
import { leaveSignInNotice, type SignInNotice } from '../sso-notice';
import { ACTIVE_ACCOUNT_PARAM } from '../../../lib/session/active-account';

export type SsoStartPageProps = {
  notice: SignInNotice | null;
  /**
   * Go straight on to the provider's sign-in page (which then shows the notice): only for the
   * built-in provider, whose page the Hub renders itself.
   */
  continueAtOnce?: boolean;
};

/**
 * A calm start of single sign-on: after signing out, or after cancelling at the provider. Says
 * what happened and offers to sign in, returning to `returnTo` afterwards.
 */
export function SsoStartPage({ notice, continueAtOnce = false }: SsoStartPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(continueAtOnce);
  const started = useRef(false);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    const target = new URL(safeReturnPath(params.get('returnTo')), window.location.origin);
    try {
      if (notice && continueAtOnce) leaveSignInNotice(notice);
      await authSession().signIn({
        path: target.pathname,
        query: target.search,
        activeAccountId: target.searchParams.get(ACTIVE_ACCOUNT_PARAM) ?? undefined,
      });
    } catch (error) {
      console.error(error);
      setFailure(new Date().toISOString());
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!continueAtOnce || started.current) return;
    started.current = true;
    void start();
  });

  if (failure) return <SignInUnavailable reference={failure} onRetry={() => void start()} />;
  if (continueAtOnce && busy) return <LoadingPage />;
  return (
    <AuthCard title={t('titles.signIn')} intro={t('signIn.intro')}>
      {notice === 'signedOut' && (
        <Alert color="green" role="status">
          {t('signIn.signedOut')}
        </Alert>
      )}
      {notice === 'cancelled' && (
        <Alert color="blue" role="status">
          {t('signIn.cancelled')}
        </Alert>
      )}
      <Button loading={busy} onClick={() => void start()}>
        {t('signIn.submit')}
      </Button>
    </AuthCard>
  );
}
