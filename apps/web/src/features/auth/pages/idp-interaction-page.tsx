import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TMfaChallenge } from '@service-hub/contracts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { submitInteractionPasskey } from '../api/passkey-sign-in';
import { interaction } from '../api/sign-in';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthCard } from '../components/auth-card';
import { CreateAccountLink } from '../components/create-account-link';
import { MfaStep } from '../components/mfa-step';
import { PasskeyButton } from '../components/passkey-button';
import { PasswordStep } from '../components/password-step';
import { forgetSignInNotice, peekSignInNotice } from '../sso-notice';
import { appLinks } from '../../../lib/routing/links';

/**
 * The built-in identity provider's sign-in (single sign-on flow): a page of the web app that
 * completes the provider's interaction, then follows the provider back to the app.
 */
export function IdpInteractionPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(null);
  // Left by the Hub's page the provider returned to after signing out.
  const [notice] = useState(peekSignInNotice);
  useEffect(forgetSignInNotice, []);
  const details = useQuery({
    queryKey: ['idp-interaction', uid],
    queryFn: () => interaction.details(uid),
    retry: false,
    meta: { handlesErrors: true },
  });
  const follow = (redirectTo: string) => window.location.assign(redirectTo);

  if (details.isPending) return <LoadingPage />;
  if (details.isError) {
    return (
      <AuthCard title={t('titles.signIn')}>
        <ApiErrorAlert error={details.error} />
        <Anchor href={appLinks.home()}>{t('signIn.startAgain')}</Anchor>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('titles.signIn')} intro={challenge ? t('signIn.mfa.intro') : t('signIn.intro')}>
      {notice === 'signedOut' && !challenge && (
        <Alert color="green" role="status">
          {t('signIn.signedOut')}
        </Alert>
      )}
      {challenge ? (
        <MfaStep
          challenge={challenge}
          onSubmit={async (code) =>
            follow((await interaction.mfa(uid, challenge.challengeId, code)).redirectTo)
          }
          onUsePasskey={async () =>
            follow((await submitInteractionPasskey(uid, challenge.challengeId)).redirectTo)
          }
        />
      ) : (
        <>
          <PasswordStep
            initialEmail={details.data.loginHint ?? ''}
            onSubmit={async (credentials) => {
              const result = await interaction.login(uid, credentials);
              if ('redirectTo' in result) follow(result.redirectTo);
              else setChallenge(result);
            }}
          />
          <PasskeyButton
            step="signIn"
            dividerBefore={t('passkeys.signIn.or')}
            onUse={async () => follow((await submitInteractionPasskey(uid)).redirectTo)}
          />
        </>
      )}
      {!challenge && <CreateAccountLink />}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void interaction.abort(uid).then((r) => follow(r.redirectTo))}
      >
        {t('common.cancel')}
      </Anchor>
    </AuthCard>
  );
}
