import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeploymentRequestStatus, TDeploymentRequest } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useMoveDeploymentRequest } from '../api/move-deployment-request';

/** Provider staff: the next status of an order; rejecting asks for the reason the customer will read. */
export function MoveRequest({ request }: { request: TDeploymentRequest }) {
  const { t } = useTranslation();
  const move = useMoveDeploymentRequest();
  const [target, setTarget] = useState<DeploymentRequestStatus | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  if (request.nextStatuses.length === 0) return null;
  const send = (status: DeploymentRequestStatus) => {
    if (status === 'rejected' && !reason.trim()) {
      setReasonError(t('validation.required'));
      return;
    }
    move.mutate(
      { id: request.id, change: status === 'rejected' ? { status, reason: reason.trim() } : { status } },
      {
        onSuccess: () => {
          setTarget(null);
          setRejecting(false);
          setReason('');
          showSuccess('ediConnect.list.moved', { status: t(`ediConnect.statuses.${status}`) });
        },
      },
    );
  };
  return (
    <>
      <Group gap="xs" align="end" wrap="nowrap">
        <Select
          size="xs"
          label={t('ediConnect.list.moveTo', { partner: request.partnerName })}
          placeholder={t('ediConnect.list.chooseStatus')}
          data={request.nextStatuses.map((s) => ({ value: s, label: t(`ediConnect.statuses.${s}`) }))}
          value={target}
          onChange={(value) => setTarget(value as DeploymentRequestStatus | null)}
          w={170}
        />
        <Button
          size="xs"
          disabled={!target}
          loading={move.isPending}
          onClick={() => target && (target === 'rejected' ? setRejecting(true) : send(target))}
        >
          {t('ediConnect.list.move')}
        </Button>
      </Group>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('ediConnect.list.rejectTitle')}
        closeButtonProps={{ 'aria-label': t('common.cancel') }}
      >
        <Stack>
          <Textarea
            label={t('ediConnect.list.rejectReason')}
            withAsterisk
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
            error={reasonError}
          />
          <Group justify="end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={move.isPending} onClick={() => send('rejected')}>
              {t('ediConnect.list.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
