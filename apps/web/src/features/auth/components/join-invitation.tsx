import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TInvitation } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { storeActiveAccountId } from '../../../lib/session/active-account';
import { authSession } from '../../../lib/session/auth-session';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user';
import { joinInvitation } from '../api/join-invitation';
import { PENDING_INVITATION_KEY } from '../pending-invitation';
import { ApiErrorAlert } from './api-error-alert';
import { appLinks } from '../../../lib/routing/links';

/**
 * An invitation for someone who already has a user: nothing changes until they accept it, signed
 * in as that very user, so nobody can attach someone else's sign-in to an account.
 */
export function JoinInvitation({ token, invitation }: { token: string; invitation: TInvitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useQuery({ queryKey: ['has-session'], queryFn: () => authSession().hasSession() });
  const join = useMutation({
    mutationFn: () => joinInvitation(token),
    onSuccess: async (joined) => {
      sessionStorage.removeItem(PENDING_INVITATION_KEY);
      // The new account must be in the user before the frame chooses the active account.
      await queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 });
      storeActiveAccountId(joined.customerId);
      showSuccess('invitation.joined', { customer: joined.customerName });
      await navigate(appLinks.dashboard());
    },
    meta: { handlesErrors: true },
  });
  const signIn = () => {
    // Back on this page after signing in; the token waits in this tab rather than in any address.
    sessionStorage.setItem(PENDING_INVITATION_KEY, token);
    void authSession().signIn({ path: appLinks.invitation(), query: '' }, invitation.email);
  };
  const wrongUser = join.error instanceof ApiRequestError && join.error.body?.errorCode === 'WRONG_USER';
  const signedOut = join.error instanceof ApiRequestError && join.error.status === 401;

  if (signedIn.isPending) return null;
  const needsSignIn = !signedIn.data || signedOut;
  return (
    <Stack>
      <Text>{t('invitation.joinIntro', { customer: invitation.customerName ?? '' })}</Text>
      <Text size="sm">
        {t('invitation.email')}: <strong>{invitation.email}</strong>
      </Text>
      {wrongUser ? (
        <Alert color="yellow" role="alert">
          {t('invitation.wrongUser', { email: invitation.email })}
        </Alert>
      ) : (
        !signedOut && <ApiErrorAlert error={join.error} />
      )}
      {wrongUser ? (
        <Button variant="default" onClick={() => void authSession().signOut()}>
          {t('invitation.signOut')}
        </Button>
      ) : needsSignIn ? (
        <Button onClick={signIn}>{t('invitation.signInToAccept')}</Button>
      ) : (
        <Button loading={join.isPending} onClick={() => join.mutate()}>
          {t('invitation.accept')}
        </Button>
      )}
    </Stack>
  );
}
