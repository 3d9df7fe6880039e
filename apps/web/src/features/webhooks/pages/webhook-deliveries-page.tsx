import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TWebhookEndpoint } from '@service-hub/contracts';
import { DetailError } from '../../../components/ui/detail-error';
import { LoadingSpinner } from '../../../components/ui/loading-page';
import { DeliveryFilters } from '../components/delivery-filters';
import { useDeliveryRequest } from '../components/delivery-request';
import { DeliveryTable } from '../components/delivery-table';
import { EndpointHeader } from '../components/endpoint-header';
import { ReplayFailedForm } from '../components/replay-failed-form';
import { useEndpointParam } from '../components/use-endpoint-param';
import { webhooksLinks } from '../webhooks-links';

/** An endpoint's delivery log: newest first, filtered, each with its attempts; replay one or a range. */
export function WebhookDeliveriesPage() {
  const { t } = useTranslation();
  const { accountId, endpoint } = useEndpointParam();
  if (endpoint.isError)
    return (
      <DetailError
        error={endpoint.error}
        onRetry={() => void endpoint.refetch()}
        refused={{ title: t('webhooks.endpoint.refused'), hint: t('webhooks.endpoint.refusedHint') }}
      />
    );
  if (!endpoint.data) return <LoadingSpinner />;
  return (
    <Stack>
      <EndpointHeader endpoint={endpoint.data} tab="deliveries" />
      <EndpointDeliveryLog accountId={accountId} endpoint={endpoint.data} />
    </Stack>
  );
}

/** The log once the endpoint is known: its id, not the address's, scopes every request. */
function EndpointDeliveryLog({
  accountId,
  endpoint,
}: {
  accountId: number | null;
  endpoint: TWebhookEndpoint;
}) {
  const { t } = useTranslation();
  const { request, update } = useDeliveryRequest(endpoint.id);
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text maw={720}>{t('webhooks.deliveries.intro')}</Text>
        <Anchor component={Link} to={webhooksLinks.deliveryLog()}>
          {t('webhooks.deliveries.allEndpointsLink')}
        </Anchor>
      </Group>
      <DeliveryFilters value={request} onChange={update} />
      <DeliveryTable
        accountId={accountId}
        request={request}
        onChange={update}
        isEndpointDisabled={() => !endpoint.enabled}
      />
      <ReplayFailedForm accountId={accountId} endpointId={endpoint.id} />
    </>
  );
}
