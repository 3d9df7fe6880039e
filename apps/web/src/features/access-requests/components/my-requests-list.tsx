import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMyAccessRequest } from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { useMyAccessRequests } from '../api/list-my-access-requests';
import { useWithdrawAccessRequest } from '../api/withdraw-access-request';
import { accessRequestErrorKey } from './error-key';
import { RequestStatusBadge } from './request-status-badge';

/** The person's requests, newest first, with their state; a pending one can be withdrawn. */
export function MyRequestsList() {
  const { t } = useTranslation();
  const requests = useMyAccessRequests();
  if (requests.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (requests.isError)
    return (
      <Alert color="red" role="alert" title={t('common.systemFeedback.generalError')}>
        <Button size="xs" variant="default" onClick={() => void requests.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (requests.data.requests.length === 0) return <Text>{t('accessRequests.mine.empty')}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {requests.data.requests.map((request) => (
        <MyRequestItem key={request.id} request={request} />
      ))}
    </Stack>
  );
}

function MyRequestItem({ request }: { request: TMyAccessRequest }) {
  const { t, i18n } = useTranslation();
  const withdraw = useWithdrawAccessRequest();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Card component="li" withBorder padding="sm" aria-label={request.customerNumber}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {request.customerName
              ? `${request.customerName} (${request.customerNumber})`
              : request.customerNumber}
          </Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('accessRequests.mine.sentAt', { when: formatDateTime(request.created, i18n.language) })}
        </Text>
        {request.status === 'pending' && <Text size="sm">{t('accessRequests.mine.waiting')}</Text>}
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        )}
        {request.declineReason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('accessRequests.mine.reason', { reason: request.declineReason })}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        {request.status === 'pending' && (
          <Button
            size="xs"
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            loading={withdraw.isPending}
            aria-label={t('accessRequests.mine.withdrawNumber', { number: request.customerNumber })}
            onClick={() =>
              withdraw.mutate(request.id, { onError: (error) => setFailure(accessRequestErrorKey(error)) })
            }
          >
            {t('accessRequests.mine.withdraw')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
