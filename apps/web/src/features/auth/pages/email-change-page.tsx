import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingPage } from '../../../components/ui/loading-page';
import { api, unwrap } from '../../../lib/api/client';
import { ApiErrorAlert } from '../components/api-error-alert';
import { AuthCard } from '../components/auth-card';
import { appLinks } from '../../../lib/routing/links';

/** Where an e-mail change link leads: one click confirms the new address. */
export function EmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['email-change', token],
    queryFn: () => unwrap(api.GET('/api/auth/invitations/{token}', { params: { path: { token } } })),
    enabled: token.length >= 20,
    retry: false,
    meta: { handlesErrors: true },
  });
  const confirm = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/email-change/confirm', { body: { token } })),
    meta: { handlesErrors: true },
  });

  if (token.length >= 20 && link.isPending) return <LoadingPage />;
  return (
    <AuthCard title={t('emailChange.title')}>
      {confirm.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {t('emailChange.done')}
          </Alert>
          <Anchor href={appLinks.home()}>{t('emailChange.signIn')}</Anchor>
        </Stack>
      ) : link.isSuccess && link.data.purpose === 'email-change' ? (
        <Stack>
          <ApiErrorAlert error={confirm.error} />
          <Text>{t('emailChange.intro', { email: link.data.email })}</Text>
          <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
            {t('emailChange.confirm')}
          </Button>
        </Stack>
      ) : (
        <Stack>
          {link.isError ? (
            <ApiErrorAlert error={link.error} />
          ) : (
            <Alert color="red" role="alert">
              {t('signIn.linkExpired')}
            </Alert>
          )}
          <Anchor href={appLinks.home()}>{t('signIn.startAgain')}</Anchor>
        </Stack>
      )}
    </AuthCard>
  );
}
