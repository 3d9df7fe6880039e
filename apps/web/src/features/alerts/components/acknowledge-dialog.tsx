import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZAcknowledgeAlertRequest, type TAlert } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';

type AcknowledgeDialogProps = {
  accountId: number;
  /** The alert to acknowledge; null: the dialog is closed. */
  alert: TAlert | null;
  /** What the alert is about, as its card words it (the dialog repeats it). */
  title: string;
  onClose: () => void;
};

/** Acknowledges an alert with a comment: "I am on it", seen by everyone on the alert page. */
export function AcknowledgeDialog({ accountId, alert, title, onClose }: AcknowledgeDialogProps) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlert(accountId);
  const form = useContractForm<{ comment: string }>(ZAcknowledgeAlertRequest, {
    initialValues: { comment: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (!alert) return;
    acknowledge.mutate(
      { id: alert.id, body: { comment: values.comment } },
      {
        onSuccess: () => {
          showSuccess('alerts.acknowledge.done');
          close();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, t))
            form.setFieldError('comment', t('alerts.acknowledge.failed'));
        },
      },
    );
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('alerts.close') }}
      opened={alert !== null}
      onClose={close}
      title={t('alerts.acknowledge.title')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{title}</Text>
          <Text size="sm" c="dimmed">
            {t('alerts.acknowledge.hint')}
          </Text>
          <Textarea
            label={t('alerts.acknowledge.comment')}
            required
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps('comment')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={acknowledge.isPending}>
              {t('alerts.acknowledge.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
