import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { verifyEmailDomain } from '../api/verify-email-domain';
import { accessRequestErrorKey } from '../components/error-key';
import { StandaloneFrame } from '../components/standalone-frame';

/**
 * Where a domain's confirmation mail leads. Confirming takes a click (not merely opening the
 * link), so a mail scanner that follows links confirms nothing.
 */
export function DomainConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => verifyEmailDomain({ token }),
    meta: { handlesErrors: true },
  });
  return (
    <StandaloneFrame title={t('accessRequests.domainConfirm.title')}>
      {confirm.isSuccess ? (
        <Alert color="green" role="status">
          {t('accessRequests.domainConfirm.done', {
            domain: confirm.data.domain,
            account: confirm.data.customerName,
          })}
        </Alert>
      ) : token.length < 20 || confirm.isError ? (
        <Alert color="red" role="alert">
          {t(token.length < 20 ? 'accessRequests.errors.linkExpired' : accessRequestErrorKey(confirm.error))}
        </Alert>
      ) : (
        <Stack>
          <Text>{t('accessRequests.domainConfirm.intro')}</Text>
          <Button
            loading={confirm.isPending}
            onClick={() => confirm.mutate()}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('accessRequests.domainConfirm.confirm')}
          </Button>
        </Stack>
      )}
    </StandaloneFrame>
  );
}
