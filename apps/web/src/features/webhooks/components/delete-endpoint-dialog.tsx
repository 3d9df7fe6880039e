import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { webhooksLinks } from '../webhooks-links';

export type DeleteEndpointDialogProps = {
  accountId: number | null;
  endpoint: { id: string; url: string };
  opened: boolean;
  onClose: () => void;
};

/** Deleting takes the endpoint's secrets and delivery log with it: asked first. */
export function DeleteEndpointDialog({ accountId, endpoint, opened, onClose }: DeleteEndpointDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteWebhookEndpoint(accountId);
  return (
    <Modal opened={opened} onClose={onClose} title={t('webhooks.remove.title')} centered>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('webhooks.remove.confirm', { url: endpoint.url })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  showSuccess('webhooks.remove.done', { url: endpoint.url });
                  void navigate(webhooksLinks.list());
                },
              })
            }
          >
            {t('webhooks.remove.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
