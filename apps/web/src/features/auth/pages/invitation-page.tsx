import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, ZNewPassword, type TMfaChallenge } from '@service-hub/contracts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { api, unwrap } from '../../../lib/api/client';
import { authSession } from '../../../lib/session/auth-session';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { withRepeatedPassword } from '../../../lib/forms/new-password-form';
import { verifyMfaCode } from '../api/sign-in';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthCard } from '../components/auth-card';
import { JoinInvitation } from '../components/join-invitation';
import { MfaStep } from '../components/mfa-step';
import { PENDING_INVITATION_KEY } from '../pending-invitation';
import { appLinks } from '../../../lib/routing/links';

/**
 * Where an invitation e-mail leads: a new invitee chooses a password (the link works once) and is
 * signed in, through the identity provider or the own auth service depending on the flow; someone
 * who already has a user signs in and accepts.
 */
const ZInvitationPasswordForm = withRepeatedPassword({ password: ZNewPassword }, 'password');

export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? sessionStorage.getItem(PENDING_INVITATION_KEY) ?? '';
  const form = useContractForm(ZInvitationPasswordForm, { initialValues: { password: '', repeat: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(null);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => unwrap(api.GET('/api/auth/invitations/{token}', { params: { path: { token } } })),
    enabled: token.length >= 20,
    retry: false,
    meta: { handlesErrors: true },
  });

  const enter = (signInToken?: string) => {
    if (signInToken) {
      window.location.assign(appLinks.signInCallback(signInToken, appLinks.dashboard()));
    } else {
      void authSession().signIn({ path: appLinks.dashboard(), query: '' }, invitation.data?.email);
    }
  };

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await unwrap(api.POST('/api/auth/invitations/accept', { body: { token, password } }));
      if ('token' in result) enter(result.token);
      else if ('mfaRequired' in result) setChallenge(result);
      else enter();
    } catch (error) {
      if (!showServerFieldErrors(form, error, t)) setFailure(error);
    } finally {
      setBusy(false);
    }
  });

  if (token.length >= 20 && invitation.isPending) return <LoadingPage />;
  if (token.length < 20 || invitation.isError) {
    return (
      <AuthCard title={t('invitation.title')}>
        {invitation.isError ? (
          <ApiErrorAlert error={invitation.error} />
        ) : (
          <Alert color="red" role="alert">
            {t('signIn.linkExpired')}
          </Alert>
        )}
        <Anchor href={appLinks.home()}>{t('signIn.startAgain')}</Anchor>
      </AuthCard>
    );
  }
  const info = invitation.data;
  if (!info) return <LoadingPage />;
  if (challenge) {
    return (
      <AuthCard title={t('invitation.title')} intro={t('signIn.mfa.intro')}>
        <MfaStep
          challenge={challenge}
          onSubmit={async (code) => enter((await verifyMfaCode(challenge.challengeId, code)).token)}
        />
      </AuthCard>
    );
  }
  if (info.requiresSignIn) {
    return (
      <AuthCard title={t('invitation.joinTitle')}>
        <JoinInvitation token={token} invitation={info} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('invitation.title')}
      intro={t('invitation.intro', { name: info.firstName, customer: info.customerName ?? '' })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ApiErrorAlert error={failure} />
          <Text size="sm">
            {t('invitation.email')}: <strong>{info.email}</strong>
          </Text>
          <PasswordInput
            label={t('invitation.password')}
            description={t('invitation.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('invitation.repeatPassword')}
            autoComplete="new-password"
            required
            key={form.key('repeat')}
            {...form.getInputProps('repeat')}
          />
          <Button type="submit" loading={busy}>
            {t('invitation.activate')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
