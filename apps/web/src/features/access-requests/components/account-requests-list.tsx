import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAccountAccessRequest } from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { useAccountAccessRequests } from '../api/list-account-access-requests';
import { ApproveDialog } from './approve-dialog';
import { DeclineDialog } from './decline-dialog';
import { usePermissionLabel } from './permission-choice';
import { RequestStatusBadge } from './request-status-badge';

/** The account's pending requests with their decisions, or the decided ones with who decided. */
export function AccountRequestsList({
  customerId,
  state,
}: {
  customerId: number;
  state: 'pending' | 'decided';
}) {
  const { t } = useTranslation();
  const list = useAccountAccessRequests(customerId, state);
  const [approving, setApproving] = useState<TAccountAccessRequest | null>(null);
  const [declining, setDeclining] = useState<TAccountAccessRequest | null>(null);
  if (list.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert" title={t('common.systemFeedback.generalError')}>
        <Button size="xs" variant="default" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  const { requests } = list.data;
  if (requests.length === 0)
    return (
      <Text>
        {t(state === 'pending' ? 'accessRequests.account.noPending' : 'accessRequests.account.noDecided')}
      </Text>
    );
  return (
    <>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {requests.map((request) => (
          <AccountRequestItem
            key={request.id}
            request={request}
            onApprove={() => setApproving(request)}
            onDecline={() => setDeclining(request)}
            grantable={list.data.grantablePermissions}
          />
        ))}
      </Stack>
      <ApproveDialog
        customerId={customerId}
        request={approving}
        options={list.data}
        onClose={() => setApproving(null)}
      />
      <DeclineDialog customerId={customerId} request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}

function AccountRequestItem({
  request,
  onApprove,
  onDecline,
  grantable,
}: {
  request: TAccountAccessRequest;
  onApprove: () => void;
  onDecline: () => void;
  grantable: { id: number; prefix: string; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const label = usePermissionLabel();
  const granted = grantable.filter((p) => request.grantedPermissionIds.includes(p.id)).map(label);
  return (
    <Card component="li" withBorder padding="sm" aria-label={request.person.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {request.person.name}
          </Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {request.person.email}
        </Text>
        <Text size="sm" c="dimmed">
          {t('accessRequests.account.askedAt', { when: formatDateTime(request.created, i18n.language) })}
        </Text>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        )}
        {request.status === 'approved' && (
          <Text size="sm">
            {request.approvedByDomain
              ? t('accessRequests.account.approvedByDomain', { domain: request.approvedByDomain })
              : t('accessRequests.account.approvedBy', { name: request.decidedBy ?? '' })}
            {request.grantedRole && ` · ${t(`accessRequests.roles.${request.grantedRole}`)}`}
            {granted.length > 0 && ` · ${granted.join(', ')}`}
          </Text>
        )}
        {request.status === 'declined' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('accessRequests.account.declinedBy', {
              name: request.decidedBy ?? '',
              reason: request.declineReason ?? '',
            })}
          </Text>
        )}
        {request.status === 'pending' && (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={onApprove}
              aria-label={t('accessRequests.decide.approveName', { name: request.person.name })}
            >
              {t('accessRequests.decide.approve')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onDecline}
              aria-label={t('accessRequests.decide.declineName', { name: request.person.name })}
            >
              {t('accessRequests.decide.decline')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
