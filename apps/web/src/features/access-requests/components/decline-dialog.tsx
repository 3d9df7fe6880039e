import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ACCESS_REQUEST_MESSAGE,
  ZDeclineAccessRequestRequest,
  type TAccountAccessRequest,
} from '@service-hub/contracts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { useDeclineAccessRequest } from '../api/decline-access-request';
import { accessRequestErrorKey } from './error-key';

export type DeclineDialogProps = {
  customerId: number;
  request: TAccountAccessRequest | null;
  onClose: () => void;
};

/** Decline with a reason: the person reads it in the Hub and in the e-mail. */
export function DeclineDialog({ customerId, request, onClose }: DeclineDialogProps) {
  const { t } = useTranslation();
  const decline = useDeclineAccessRequest(customerId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm<{ reason: string }>(ZDeclineAccessRequestRequest, {
    initialValues: { reason: '' },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    decline.reset();
    onClose();
  };
  const submit = form.onSubmit((body) => {
    if (!request) return;
    decline.mutate(
      { id: request.id, body },
      {
        onSuccess: close,
        onError: (error) => {
          if (!showServerFieldErrors(form, error, t)) setFailure(accessRequestErrorKey(error));
        },
      },
    );
  });
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={t('accessRequests.decide.declineTitle', { name: request?.person.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('accessRequests.decide.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {t(failure)}
            </Alert>
          )}
          <Textarea
            label={t('accessRequests.decide.reason')}
            description={t('accessRequests.decide.reasonHint', { maximum: MAX_ACCESS_REQUEST_MESSAGE })}
            required
            autosize
            minRows={3}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={decline.isPending}>
              {t('accessRequests.decide.decline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
