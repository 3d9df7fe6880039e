import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TWebhookEndpoint } from '@service-hub/contracts';

/** On, off by someone, or off because it failed for three days; failing since when, while on. */
export function EndpointStatusBadge({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation();
  if (!endpoint.enabled)
    return (
      <Badge
        color={endpoint.disabledReason === 'failing' ? 'red' : 'gray'}
        variant="light"
        c="dark.8"
        tt="none"
      >
        {t(
          endpoint.disabledReason === 'failing'
            ? 'webhooks.status.disabledFailing'
            : 'webhooks.status.disabled',
        )}
      </Badge>
    );
  return (
    <Badge color={endpoint.failingSince ? 'orange' : 'green'} variant="light" c="dark.8" tt="none">
      {t(endpoint.failingSince ? 'webhooks.status.failing' : 'webhooks.status.enabled')}
    </Badge>
  );
}
