import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TMfaChallenge } from '@service-hub/contracts';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { signInWithPasskey } from '../api/passkey-sign-in';
import { loginWithPassword, verifyMfaCode } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { CreateAccountLink } from '../components/create-account-link';
import { MfaStep } from '../components/mfa-step';
import { PasskeyButton } from '../components/passkey-button';
import { PasswordStep } from '../components/password-step';
import { safeReturnPath } from '../safe-return-path';
import { SsoStartPage } from './sso-start-page';
import { appLinks } from '../../../lib/routing/links';

/**
 * The sign-in page of the product's own authentication service (USE_AUTH_SERVICE=1): password,
 * then the second factor when an account requires it; it hands the token to the app's callback.
 * In the single-sign-on flow it is the calm start of a sign-in (e.g. after cancelling at the
 * provider), which hands over to the provider.
 */
export function AuthLoginPage() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const [params] = useSearchParams();
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(null);
  const returnTo = safeReturnPath(params.get('returnTo'));
  if (config.useAuthService !== 1) {
    return <SsoStartPage notice={params.get('cancelled') ? 'cancelled' : null} />;
  }

  const handOver = (token: string) => {
    window.location.assign(appLinks.signInCallback(token, returnTo));
  };

  return (
    <AuthCard title={t('titles.signIn')} intro={challenge ? t('signIn.mfa.intro') : t('signIn.intro')}>
      {params.get('signedOut') && !challenge && (
        <Alert color="green" role="status">
          {t('signIn.signedOut')}
        </Alert>
      )}
      {challenge ? (
        <MfaStep
          challenge={challenge}
          onSubmit={async (code) => handOver((await verifyMfaCode(challenge.challengeId, code)).token)}
          onUsePasskey={async () => handOver((await signInWithPasskey(challenge.challengeId)).token)}
        />
      ) : (
        <>
          <PasswordStep
            onSubmit={async (credentials) => {
              const result = await loginWithPassword(credentials);
              if ('token' in result) handOver(result.token);
              else setChallenge(result);
            }}
          />
          <PasskeyButton
            step="signIn"
            dividerBefore={t('passkeys.signIn.or')}
            onUse={async () => handOver((await signInWithPasskey()).token)}
          />
        </>
      )}
      {!challenge && <CreateAccountLink />}
    </AuthCard>
  );
}
