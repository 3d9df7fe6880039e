import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ZVerifyRegistrationRequest, type TMfaChallenge } from '@service-hub/contracts';
import { useContractForm } from '../../../lib/forms/contract-form';
import { serverFieldErrors } from '../../../lib/forms/form-validation';
import { accessRequestsLinks } from '../../../lib/routing/access-requests-links';
import { appLinks } from '../../../lib/routing/links';
import { authSession } from '../../../lib/session/auth-session';
import { verifyMfaCode } from '../api/sign-in';
import { verifyRegistration } from '../api/verify-registration';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthCard } from '../components/auth-card';
import { MfaStep } from '../components/mfa-step';

/**
 * Where the registration mail leads. The password chosen at registration confirms that whoever
 * opened the link registered; then the address counts as verified and the person is signed in
 * (own auth service) or signs in at the identity provider with it (single sign-on).
 */
export function RegisterConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(null);
  const form = useContractForm<{ token: string; password: string }>(ZVerifyRegistrationRequest, {
    initialValues: { token, password: '' },
  });

  const enter = (signInToken: string) =>
    window.location.assign(appLinks.signInCallback(signInToken, appLinks.dashboard()));

  const submit = form.onSubmit(async (body) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await verifyRegistration(body);
      if ('token' in result) enter(result.token);
      else if ('mfaRequired' in result) setChallenge(result);
      else await authSession().signIn({ path: appLinks.dashboard(), query: '' }, result.email);
    } catch (error) {
      // The only field error here: not the password chosen at registration.
      const errors = serverFieldErrors(error, t, { password: 'signIn.register.wrongPassword' });
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  });

  if (token.length < 20) {
    return (
      <AuthCard title={t('signIn.register.confirmTitle')}>
        <Alert color="red" role="alert">
          {t('signIn.linkExpired')}
        </Alert>
        <Anchor href={accessRequestsLinks.register()}>{t('signIn.register.again')}</Anchor>
      </AuthCard>
    );
  }
  if (challenge) {
    return (
      <AuthCard title={t('signIn.register.confirmTitle')} intro={t('signIn.mfa.intro')}>
        <MfaStep
          challenge={challenge}
          onSubmit={async (code) => enter((await verifyMfaCode(challenge.challengeId, code)).token)}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signIn.register.confirmTitle')} intro={t('signIn.register.confirmIntro')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ApiErrorAlert error={failure} />
          {failure !== null && (
            <Anchor href={accessRequestsLinks.register()}>{t('signIn.register.again')}</Anchor>
          )}
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy}>
            {t('signIn.register.confirm')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
