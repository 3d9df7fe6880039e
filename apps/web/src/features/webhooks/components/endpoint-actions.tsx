import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TWebhookEndpoint } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { webhooksLinks } from '../webhooks-links';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { RotateSecretDialog } from './rotate-secret-dialog';

export type EndpointActionsProps = {
  accountId: number | null;
  endpoint: TWebhookEndpoint;
  onSecret: (secret: string) => void;
};

/** Switch on or off, send a test event, rotate the secret, delete. */
export function EndpointActions({ accountId, endpoint, onSecret }: EndpointActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateWebhookEndpoint(accountId, endpoint.id);
  const test = useSendWebhookTestEvent(accountId, endpoint.id);
  const [dialog, setDialog] = useState<'rotate' | 'delete'>();
  return (
    <Group gap="sm">
      <Button
        variant="default"
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { enabled: !endpoint.enabled },
            {
              onSuccess: (changed) =>
                showSuccess(
                  changed.enabled ? 'webhooks.endpoint.enabledNow' : 'webhooks.endpoint.disabledNow',
                ),
            },
          )
        }
      >
        {t(endpoint.enabled ? 'webhooks.endpoint.disable' : 'webhooks.endpoint.enable')}
      </Button>
      <Button
        variant="default"
        loading={test.isPending}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: () => {
              showSuccess('webhooks.endpoint.testSent');
              void navigate(webhooksLinks.deliveries(endpoint.id));
            },
          })
        }
      >
        {t('webhooks.endpoint.test')}
      </Button>
      <Button variant="default" onClick={() => setDialog('rotate')}>
        {t('webhooks.rotate.action')}
      </Button>
      <Button variant="subtle" color="red" onClick={() => setDialog('delete')}>
        {t('webhooks.remove.action')}
      </Button>
      <RotateSecretDialog
        accountId={accountId}
        endpointId={endpoint.id}
        opened={dialog === 'rotate'}
        onClose={() => setDialog(undefined)}
        onRotated={onSecret}
      />
      <DeleteEndpointDialog
        accountId={accountId}
        endpoint={endpoint}
        opened={dialog === 'delete'}
        onClose={() => setDialog(undefined)}
      />
    </Group>
  );
}
