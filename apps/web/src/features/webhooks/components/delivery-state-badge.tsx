import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryState } from '@service-hub/contracts';

const COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'blue',
  succeeded: 'green',
  failing: 'orange',
  failed: 'red',
};

export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" c="dark.8" tt="none">
      {t(`webhooks.deliveries.states.${state}`)}
    </Badge>
  );
}
