import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authSession } from '../../../lib/session/auth-session';
import { useCurrentUser } from '../../../lib/session/current-user';
import { useMyAccessRequests } from '../api/list-my-access-requests';
import { AskForAccessForm } from '../components/ask-for-access-form';
import { MyRequestsList } from '../components/my-requests-list';
import { StandaloneFrame } from '../components/standalone-frame';

/**
 * What someone signed in sees while they hold no account (instead of the frame): ask for one by
 * its customer number, follow their requests, or sign out. Once a request is approved the app
 * opens by itself (the list is read again while one waits, and so is the user).
 */
export function NoAccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const requests = useMyAccessRequests();
  const approved = requests.data?.requests.filter((r) => r.status === 'approved').length ?? 0;
  const { refetch } = user;
  // An approval seen in the list (read again while a request waits) opens the app: the user's
  // accounts are read again, and the frame takes over once there is one.
  useEffect(() => {
    if (approved > 0) void refetch();
  }, [approved, refetch]);
  return (
    <StandaloneFrame title={t('accessRequests.noAccount.title')}>
      <Text>{t('accessRequests.noAccount.intro', { name: user.data?.firstName ?? '' })}</Text>
      <Stack gap="xs">
        <Title order={2} size="h4" id="ask-for-access-heading">
          {t('accessRequests.ask.heading')}
        </Title>
        <AskForAccessForm />
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('accessRequests.mine.heading')}
        </Title>
        <MyRequestsList />
        <Button variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => void user.refetch()}>
          {t('accessRequests.noAccount.check')}
        </Button>
      </Stack>
      <Button variant="default" onClick={() => void authSession().signOut()}>
        {t('common.signOut')}
      </Button>
    </StandaloneFrame>
  );
}
